import { translate } from '@mutirao/core';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

const BLOCKS = [
  'Quem somos nós',
  'Nossas propostas',
  'Assine o manifesto',
  'Agenda de atividades',
  'Perguntas frequentes',
  'Fale com a gente',
];
const PHONE = { width: 390, height: 844 };

test('on a phone the navbar folds into a menu that works by keyboard; the editor folds it at the same width', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Fone',
    community: { name: 'Coletivo Fone', city: 'Recife' },
    page: { name: 'Campanha no celular', goal: 'Caber na tela', slugPrefix: 'celular' },
  });
  for (const name of BLOCKS) {
    const res = await page.request.post(`/api/mobilizations/${mobilization.id}/blocks`, {
      data: {
        block: {
          name,
          widgets_attributes: [
            {
              sm_size: 12,
              md_size: 12,
              lg_size: 12,
              kind: 'content',
              settings: { content: JSON.stringify([{ type: 'heading', level: 1, children: [{ text: `${name}!` }] }]) },
            },
          ],
        },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR', viewport: PHONE, hasTouch: true })).newPage();
  await visitor.goto(`http://${mobilization.slug}.localhost:${port}/`);
  const menu = visitor.getByRole('button', { name: translate('pt-BR', 'widgets.menu') });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // Folded: no link runs off the screen, and none can be reached before the menu opens.
  await expect(visitor.getByRole('link', { name: BLOCKS[0] })).toBeHidden();
  const width = await visitor.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(visitor, 'public page on a phone, menu closed');

  // By keyboard: open, focus lands on the first link, every block is listed, Escape closes and returns focus.
  await menu.focus();
  await visitor.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(visitor.getByRole('link', { name: BLOCKS[0] })).toBeFocused();
  for (const name of BLOCKS) await expect(visitor.getByRole('link', { name })).toBeVisible();
  await expectAccessible(visitor, 'public page on a phone, menu open');
  await visitor.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // A chosen block closes the menu.
  await menu.click();
  await visitor.getByRole('link', { name: BLOCKS[4] }).click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(visitor).toHaveURL(/#block-\d+$/);

  // Headings go in order: the page, then each block, then its content's own heading (authored as h1).
  const levels = await visitor.evaluate(() =>
    [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => Number(h.tagName[1])),
  );
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i] ?? 0).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);

  // On a wide screen every block shows in the bar, and there is no menu button.
  await visitor.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toBeHidden();
  await expect(visitor.getByRole('link', { name: BLOCKS[5] })).toBeVisible();

  // The editor at the same width folds the same navbar, and its menu opens by keyboard too.
  await page.setViewportSize(PHONE);
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  const editorMenu = page.locator('.mz-navbar__toggle');
  await expect(editorMenu).toBeVisible();
  await editorMenu.focus();
  await page.keyboard.press('Enter');
  await expect(editorMenu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(editorMenu).toHaveAttribute('aria-expanded', 'false');
  await expect(editorMenu).toBeFocused();
});
