import { describe, expect, it } from 'vitest';
import { EMBED_ORIGINS_MAX, embedOriginsSchema, normaliseEmbedOrigin } from './embedOrigins';

describe('normaliseEmbedOrigin', () => {
  it('writes a site as the origin a browser sends', () => {
    expect(normaliseEmbedOrigin(' https://Parceira.Example.org/ ')).toBe('https://parceira.example.org');
    expect(normaliseEmbedOrigin('parceira.example.org')).toBe('https://parceira.example.org');
    expect(normaliseEmbedOrigin('https://parceira.example.org:443')).toBe('https://parceira.example.org');
    expect(normaliseEmbedOrigin('https://parceira.example.org:8443')).toBe('https://parceira.example.org:8443');
    expect(normaliseEmbedOrigin('http://localhost:4000')).toBe('http://localhost:4000');
    expect(normaliseEmbedOrigin('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(normaliseEmbedOrigin('http://[::1]:4000')).toBe('http://[::1]:4000');
    expect(normaliseEmbedOrigin('localhost:8080')).toBe('https://localhost:8080');
  });

  it('refuses what is not an origin, and http off loopback', () => {
    for (const bad of [
      '',
      'http://parceira.example.org',
      'https://parceira.example.org/campanha',
      'https://parceira.example.org?x=1',
      'https://parceira.example.org/?',
      'https://parceira.example.org#top',
      'https://user:pw@parceira.example.org',
      'ftp://parceira.example.org',
      'javascript:alert(1)',
      'https://intranet',
    ])
      expect(normaliseEmbedOrigin(bad), bad).toBeUndefined();
  });
});

describe('embedOriginsSchema', () => {
  it('drops duplicates and blanks, and names the bad address', () => {
    expect(embedOriginsSchema.parse(['https://a.example.org', 'A.example.org/', ' '])).toEqual([
      'https://a.example.org',
    ]);
    const bad = embedOriginsSchema.safeParse(['https://a.example.org/x']);
    expect(bad.error?.issues[0]?.message).toBe('embedOrigins.invalid?value=https%3A%2F%2Fa.example.org%2Fx');
    const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example.org`);
    expect(embedOriginsSchema.safeParse(many).error?.issues[0]?.message).toBe(
      `embedOrigins.tooMany?max=${EMBED_ORIGINS_MAX}`,
    );
  });
});
