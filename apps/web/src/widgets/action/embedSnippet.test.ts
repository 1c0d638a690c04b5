// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { embedBase, embedSnippet } from './embedSnippet';

describe('the embed snippet', () => {
  it("is the widget's element and the loader at the server's configured address", () => {
    expect(embedSnippet('https://app.mutirao.example.org', 42)).toBe(
      '<div data-mutirao-widget="42"></div>\n<script async src="https://app.mutirao.example.org/embed.js"></script>',
    );
  });

  it('takes the address from the meta tag the server writes, else the app’s own origin', () => {
    expect(embedBase()).toBe(window.location.origin);
    const meta = document.createElement('meta');
    meta.name = 'mutirao:embed-base';
    meta.content = 'https://app.example.org/';
    document.head.append(meta);
    try {
      expect(embedBase()).toBe('https://app.example.org');
    } finally {
      meta.remove();
    }
  });
});
