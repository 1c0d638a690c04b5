import { translate } from '@mutirao/core';
import type { Locator, Page } from '@playwright/test';
import { addBlock, content, DESKTOP, PHONE, visitorAt } from './campaignPage';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

const NAMED = ['Quem somos nós', 'Nossas propostas', 'Assine o manifesto', 'Agenda de atividades', 'Fale com a gente'];

/** The link is what a tap at its centre reaches: nothing of the page is painted over it. */
async function expectTopmost(link: Locator) {
  const hit = await link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!top && (top === element || element.contains(top));
  });
  expect(hit, `${await link.textContent()} is under something else`).toBe(true);
}

/** The block's section starts right below the fixed navbar once the page scrolled to it. */
async function expectScrolledTo(visitor: Page, name: string) {
  const section = visitor.getByRole('region', { name });
  await expect
    .poll(() =>
      section.evaluate((element) => {
        const bar = document.querySelector('[data-mz-navbar]')?.getBoundingClientRect();
        return Math.abs(element.getBoundingClientRect().top - (bar?.bottom ?? 0)) <= 2;
      }),
    )
    .toBe(true);
}

test('on a phone the menu lists the named blocks above the page, and a tap scrolls to its block', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Menu',
    community: { name: 'Coletivo Menu', city: 'Olinda' },
    page: { name: 'Campanha com menu', goal: 'Achar cada bloco', slugPrefix: 'menu' },
  });
  for (const [i, name] of NAMED.entries()) {
    await addBlock(page.request, mobilization.id, name, content(`${name}!`));
    // The organiser never named the fourth block: the editor calls it 'Bloco 4'.
    if (i === 2) await addBlock(page.request, mobilization.id, null, content('Um bloco sem nome'));
  }
  const port = new URL(page.url()).port;
  const url = `http://${mobilization.slug}.localhost:${port}/`;
  const visitor = await visitorAt(browser, PHONE, url);
  const menu = visitor.getByRole('button', { name: translate('pt-BR', 'widgets.menu') });
  const nav = visitor.getByRole('navigation', { name: translate('pt-BR', 'widgets.navigation') });

  // Opened by a tap: the named blocks only, each link on top of the page where a finger lands.
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link')).toHaveText(NAMED);
  for (const name of NAMED) await expectTopmost(nav.getByRole('link', { name }));
  await expectAccessible(visitor, 'public page on a phone, menu open');

  // A tap on a link closes the menu and brings its block right below the navbar.
  await nav.getByRole('link', { name: NAMED[2] }).tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: NAMED[2] })).toBeHidden();
  await expect(visitor).toHaveURL(/#block-\d+$/);
  await expectScrolledTo(visitor, NAMED[2] as string);

  // Again with the navbar fixed at the top of the scrolled page, back up to the first block.
  await menu.tap();
  for (const name of NAMED) await expectTopmost(nav.getByRole('link', { name }));
  await nav.getByRole('link', { name: NAMED[1] }).tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expectScrolledTo(visitor, NAMED[1] as string);

  // By keyboard: Enter opens it with the focus on the first link, Escape closes it and the focus goes back.
  await menu.focus();
  await visitor.keyboard.press('Enter');
  await expect(nav.getByRole('link', { name: NAMED[0] })).toBeFocused();
  await expectTopmost(nav.getByRole('link', { name: NAMED[0] }));
  await visitor.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // On a desktop the bar shows the same named blocks, and no generated name.
  await visitor.setViewportSize(DESKTOP);
  await expect(nav.getByRole('link')).toHaveText(NAMED);
  await expect(nav.getByText(/^Bloco \d+$/)).toHaveCount(0);

  // The editor's preview of the menu strikes the unnamed block out and says why; naming it puts it in the menu.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  const unnamed = page.getByRole('button', { name: translate('pt-BR', 'editor.nav.rename', { name: 'Bloco 4' }) });
  await expect(unnamed).toHaveAccessibleDescription(translate('pt-BR', 'editor.nav.unnamedHint'));
  await expect(unnamed).toHaveCSS('text-decoration-line', 'line-through');
  await expectAccessible(page, 'editor with an unnamed block');
  await unnamed.click();
  await page.getByLabel(translate('pt-BR', 'editor.nav.nameLabel')).fill('Perguntas');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('button', { name: translate('pt-BR', 'editor.nav.rename', { name: 'Perguntas' }) }),
  ).toHaveCSS('text-decoration-line', 'none');
  await expect(async () => {
    await visitor.reload();
    await expect(nav.getByRole('link')).toHaveText([...NAMED.slice(0, 3), 'Perguntas', ...NAMED.slice(3)], {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
});
