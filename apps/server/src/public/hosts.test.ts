import { describe, expect, it } from 'vitest';
import { hostnameOf, publicSiteOf } from './hosts';

const dev = { publicHost: 'localhost' };
const prod = { publicHost: 'mutirao.org', adminHost: 'app.mutirao.org' };

describe('publicSiteOf', () => {
  it('reads a slug in front of the public host, with or without a port', () => {
    expect(publicSiteOf('ciclovias-ja.localhost:3000', dev)).toEqual({ by: 'slug', slug: 'ciclovias-ja' });
    expect(publicSiteOf('Ciclovias-Ja.Mutirao.org.', prod)).toEqual({ by: 'slug', slug: 'ciclovias-ja' });
  });

  it('leaves the admin host, loopback names and addresses to the admin app', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'app.mutirao.org', 'mutirao.org', '']) {
      expect(publicSiteOf(host, host.startsWith('app') || host === 'mutirao.org' ? prod : dev), host).toBeUndefined();
    }
    expect(publicSiteOf(undefined, prod)).toBeUndefined();
  });

  it('refuses deeper names and labels that cannot be slugs', () => {
    expect(publicSiteOf('a.b.mutirao.org', prod)).toBeUndefined();
    expect(publicSiteOf('-bad-.mutirao.org', prod)).toBeUndefined();
  });

  it('treats any other dotted name as a possible custom domain', () => {
    expect(publicSiteOf('www.salveorio.org', prod)).toEqual({ by: 'domain', domain: 'www.salveorio.org' });
    expect(publicSiteOf('salveorio.org:443', dev)).toEqual({ by: 'domain', domain: 'salveorio.org' });
    expect(publicSiteOf('intranet', prod)).toBeUndefined();
  });
});

describe('hostnameOf', () => {
  it('drops port and trailing dot, and lowers case', () => {
    expect(hostnameOf('Example.ORG.:8080')).toBe('example.org');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
  });
});
