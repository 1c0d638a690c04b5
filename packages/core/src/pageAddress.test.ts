import { describe, expect, it } from 'vitest';
import { checkCustomDomain, displayPageUrl, publicPageUrl, storedCustomDomain } from './index';

const zones = [{ domain_name: 'tarifazero.org' }, { domain_name: 'acao.rede.org' }];

describe('a page’s custom domain and address', () => {
  it("store a zone's apex with 'www.' and a name below it as typed", () => {
    expect(storedCustomDomain('tarifazero.org', zones)).toBe('www.tarifazero.org');
    expect(storedCustomDomain('WWW.TarifaZero.org', zones)).toBe('www.tarifazero.org');
    expect(storedCustomDomain('onibus.tarifazero.org', zones)).toBe('onibus.tarifazero.org');
    expect(storedCustomDomain('www.onibus.tarifazero.org', zones)).toBe('onibus.tarifazero.org');
    // A zone may itself be a subdomain (the wizard's 'Subdomínio'): its apex gets 'www.' like any apex.
    expect(storedCustomDomain('acao.rede.org', zones)).toBe('www.acao.rede.org');
    expect(checkCustomDomain('https://onibus.tarifazero.org/', zones, false)).toEqual({
      domain: 'onibus.tarifazero.org',
    });
  });

  it("build the address from APP_URL's scheme and port and the stored host, or the slug under PUBLIC_HOST", () => {
    const dev = { appUrl: 'http://localhost:3000', publicHost: 'localhost' };
    expect(publicPageUrl(dev, { slug: 'moradia', custom_domain: 'onibus.tarifazero.org' })).toBe(
      'http://onibus.tarifazero.org:3000/',
    );
    expect(publicPageUrl(dev, { slug: 'moradia', custom_domain: null })).toBe('http://moradia.localhost:3000/');
    const prod = { appUrl: 'https://admin.mutirao.org', publicHost: 'mutirao.org' };
    expect(publicPageUrl(prod, { slug: 'moradia', custom_domain: 'www.tarifazero.org' })).toBe(
      'https://www.tarifazero.org/',
    );
    expect(publicPageUrl({ appUrl: 'https://admin.example.org' }, { slug: 'x' })).toBe('https://x.admin.example.org/');
  });

  it("show the address without scheme, 'www.' or the last slash", () => {
    expect(displayPageUrl('https://www.tarifazero.org/')).toBe('tarifazero.org');
    expect(displayPageUrl('http://onibus.tarifazero.org:3000/')).toBe('onibus.tarifazero.org:3000');
  });
});
