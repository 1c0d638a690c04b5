import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translate } from '@mutirao/core';
import { freePort, type RunningProcess, runEntry, waitHealthy } from '../../apps/server/test/process';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';

const t = (key: string) => translate('pt-BR', key);

/*
 * A production server that an operator told to keep some services on their sandbox (ALLOW_SANDBOX): every screen
 * of the admin says so, naming each service and what does not happen. Its own server, since the journeys' one runs
 * in development (where the test seed lives); a new organiser registers through the screens.
 */
// One server for both widths.
test.describe.configure({ mode: 'serial' });

let server: RunningProcess | undefined;
let url = '';
let dataDir = '';

test.beforeAll(async () => {
  const port = await freePort();
  url = `http://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'mutirao-production-'));
  server = runEntry('main', {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    APP_URL: url,
    PUBLIC_HOST: 'localhost',
    ALLOW_SANDBOX: 'payments,mail,dns',
    // Every journey signs up from 127.0.0.1.
    LOGIN_MAX_PER_IP: '1000',
  });
  await waitHealthy(url, server);
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

for (const width of [1280, 390]) {
  test(`at ${width} px a production server on a sandbox says so on every admin screen`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${url}/register`);
    await page.getByLabel(t('auth.name'), { exact: true }).fill('Dora');
    await page.getByLabel(t('auth.email')).fill(uniqueEmail('dora'));
    await page.getByLabel(t('auth.password'), { exact: true }).fill('senha-segura-123');
    await page.getByLabel(t('auth.passwordConfirmation')).fill('senha-segura-123');
    await page.getByRole('button', { name: t('auth.submitRegister') }).click();
    await page.getByLabel(t('communities.name')).fill('Coletivo Dora');
    await page.getByLabel(t('communities.city')).fill('Natal');
    await page.getByRole('button', { name: t('communities.submitNew') }).click();
    await expect(page).toHaveURL(/\/mobilizations$/);

    const banner = page.getByRole('status').filter({ hasText: t('sandboxBanner.title') });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('listitem')).toHaveText([
      t('sandboxBanner.services.payments'),
      t('sandboxBanner.services.mail'),
      t('sandboxBanner.services.dns'),
    ]);
    // It fits the screen: nothing of it is cut at the right edge of a phone.
    const box = await banner.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `sandbox banner at ${width} px`);

    // Another screen of the admin, the same warning.
    await page.goto(`${url}/community/info`);
    await expect(banner).toBeVisible();
  });
}
