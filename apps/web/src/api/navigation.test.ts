import { describe, expect, it } from 'vitest';
import { loginPath, safeNext } from './navigation';

describe('safeNext', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNext('/account/edit')).toBe('/account/edit');
    expect(safeNext('/mobilizations?status=archived')).toBe('/mobilizations?status=archived');
  });

  it('refuses anything that could leave the site', () => {
    for (const raw of ['//evil.example', '/\\evil.example', 'https://evil.example', 'evil', '/\t/evil.example', '']) {
      expect(safeNext(raw)).toBe('/');
    }
    expect(safeNext(null)).toBe('/');
  });
});

describe('loginPath', () => {
  it('carries the address to come back to', () => {
    expect(loginPath('/account/edit?x=1')).toBe('/login?next=%2Faccount%2Fedit%3Fx%3D1');
  });

  it('leaves out addresses that are not worth coming back to', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?next=/x')).toBe('/login');
    expect(loginPath('/register')).toBe('/login');
  });
});
