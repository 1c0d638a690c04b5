import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

/** The thumbnail frames on screen, and those that have drawn their template. */
const frames = (page: Page) => page.locator('[data-template-thumbnail]');
const drawn = (page: Page) => page.locator('[data-template-thumbnail] .mz-page');

test('every template shows a thumbnail of its page, drawn only once it is on screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const previews: string[] = [];
  page.on('request', (r) => r.url().includes('/preview') && previews.push(r.url()));
  const { community, mobilization } = await organiserWithPage(page, request, {
    firstName: 'Modelos',
    community: { name: 'Coletivo Modelos', city: 'Maceió' },
    page: { name: 'Creche já', goal: 'Creches abertas', slugPrefix: 'creche-modelos' },
  });
  const library = await request.post('/api/dev/seed', {
    data: {
      user: { email: `tpl-${Date.now()}-${process.pid}@example.org`, password: 'journey-password' },
      globalTemplates: true,
    },
  });
  expect(library.status()).toBe(201);
  // The community's own template, from a page with a block of text.
  const block = await page.request.post(`/api/mobilizations/${mobilization.id}/blocks`, {
    data: {
      block: {
        name: 'Topo',
        widgets_attributes: [
          {
            kind: 'content',
            sm_size: 12,
            md_size: 12,
            lg_size: 12,
            settings: { content: '[{"type":"paragraph","children":[{"text":"Creche para todas as crianças"}]}]' },
          },
        ],
      },
    },
  });
  expect(block.status()).toBe(200);
  const own = await page.request.post('/api/templates', {
    data: { name: 'Modelo da creche', goal: 'Nosso modelo', mobilization_id: mobilization.id, global: false },
  });
  expect(own.status(), await own.text()).toBe(200);
  const ownId = ((await own.json()) as { id: number }).id;
  expect(community.id).toBeGreaterThan(0);

  // A phone: the first choice screen draws what is in view, and the rest as it scrolls in.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/mobilizations/${mobilization.id}/templates/choose`);
  const gallery = page.getByRole('region', { name: t('chooseTemplate.galleryTitle') });
  await expect(gallery).toBeAttached();
  const count = await frames(page).count();
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(drawn(page)).toHaveCount(0);
  expect(previews).toEqual([]);
  const last = frames(page).last();
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('.mz-page')).toBeVisible();
  expect(previews.length).toBeLessThan(count);
  await expect(last).toHaveAttribute('aria-hidden', 'true');
  await expectAccessible(page, 'template choice with thumbnails, phone');

  // A desktop: every card's thumbnail is drawn, and a card leads to the picker with its template chosen.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/mobilizations/${mobilization.id}/templates/choose`);
  await expect(drawn(page)).toHaveCount(count);
  const first = gallery.getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/templates\/choose\/global\?template=\d+$/);
  await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeChecked();
  await expect(drawn(page).first()).toBeVisible();
  await expectAccessible(page, 'global templates with thumbnails');

  // The community's own templates: the thumbnail shows its page.
  await page.goto(`/mobilizations/${mobilization.id}/templates/choose/custom`);
  await expect(page.locator(`[data-template-thumbnail="${ownId}"]`)).toContainText('Creche para todas as crianças');
  await page.getByRole('radio', { name: /Modelo da creche/ }).click();
  await expect(page.getByRole('radio', { name: /Modelo da creche/ })).toBeChecked();
  await expectAccessible(page, 'own templates with thumbnails');

  // And in the template list.
  await page.goto('/mobilizations/templates/list');
  await expect(page.locator(`[data-template-thumbnail="${ownId}"]`)).toContainText('Creche para todas as crianças');
  await expectAccessible(page, 'template list with thumbnails');
});
