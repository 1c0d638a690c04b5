import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { adminPolicy } from './headers';

/** A given secret: the configuration then writes none of its own. */
const base = { SESSION_SECRET: 'x'.repeat(32) };

describe('the admin policy', () => {
  it('runs only our own scripts in the sandbox, and lets Pagar.me’s checkout in when it takes the cards', () => {
    const sandbox = adminPolicy(loadConfig(base));
    expect(sandbox).toContain("script-src 'self';");
    expect(sandbox).not.toContain('pagar.me');
    const pagarme = adminPolicy(
      loadConfig({
        ...base,
        PAYMENTS_DRIVER: 'pagarme',
        PAGARME_API_KEY: 'ak_test_x',
        PAGARME_ENCRYPTION_KEY: 'ek_test_x',
      }),
    );
    expect(pagarme).toContain("script-src 'self' https://assets.pagar.me https://api.pagar.me;");
    expect(pagarme).toContain("connect-src 'self' https://assets.pagar.me https://api.pagar.me;");
  });
});
