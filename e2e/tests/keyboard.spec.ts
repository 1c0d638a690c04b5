import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

/**
 * A whole edit with the keyboard alone. `focus()` stands for the Tab presses that reach a control; every action is a
 * key press, never a click.
 */
const blocks = (page: Page) => page.locator('section[data-block-id]');
const blockMenu = (block: Locator) => block.locator('.mz-block__menu button');

async function press(locator: Locator, key = 'Enter') {
  await locator.focus();
  await expect(locator).toBeFocused();
  await locator.page().keyboard.press(key);
}

/** Opens a block's menu with Enter and picks an item with the arrow keys, as a keyboard user does. */
async function chooseFromBlockMenu(page: Page, block: Locator, item: string) {
  await press(blockMenu(block));
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectAccessible(page, `block menu, before ${item}`);
  const target = menu.getByRole('menuitem', { name: item });
  for (let i = 0; i < 10 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

async function addOneColumnBlock(page: Page) {
  await expect(page.getByRole('heading', { name: 'Adicionar bloco', level: 1 })).toBeVisible();
  await press(page.getByRole('radio', { name: '1 coluna' }), 'Space');
  await press(page.getByRole('button', { name: 'Adicionar', exact: true }));
  await expect(page).toHaveURL(/\/edit$/);
}

test('the editor by keyboard alone: add a block, rename it, move it, write and save, hide it, remove it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Teclado',
    community: { name: 'Coletivo Teclado', city: 'Recife' },
    page: { name: 'Só teclado', goal: 'Editar sem mouse', slugPrefix: 'teclado' },
  });
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  await addOneColumnBlock(page);
  await press(page.getByRole('link', { name: 'Adicionar bloco de conteúdo' }).first());
  await addOneColumnBlock(page);
  await expect(blocks(page)).toHaveCount(2);

  // Rename the second block inline from the navbar: Enter opens the field, Enter saves.
  const nav = page.getByRole('navigation', { name: 'Navegação da página' });
  await press(nav.getByRole('button', { name: 'Renomear Bloco 2' }));
  const field = nav.getByRole('textbox', { name: 'Nome do bloco no menu' });
  await expect(field).toBeFocused();
  await field.fill('Manifesto');
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('button', { name: 'Renomear Manifesto' })).toBeVisible();

  // Move it up with its menu.
  await chooseFromBlockMenu(page, blocks(page).nth(1), 'Mover para cima');
  await expect(blocks(page).first()).toHaveAttribute('aria-label', 'Manifesto');
  await expect(blocks(page).first().getByRole('heading', { name: 'Manifesto', level: 2 })).toBeAttached();

  // Write in it: choose 'Conteúdo' for its column, the text takes the focus, Ctrl+S saves, and the focus returns to
  // the widget's 'Editar Conteúdo' button.
  const first = blocks(page).first();
  await press(first.getByRole('button', { name: 'Conteúdo' }));
  const text = page.getByRole('textbox', { name: 'Texto de Manifesto' });
  await expect(text).toBeFocused();
  await page.keyboard.type('Assine pela praça viva');
  await expect(text).toContainText('Assine pela praça viva');
  // Selecting by keyboard keeps every key press on a slow machine: the renderer runs 20 times slower while Shift+← is
  // struck four times, then word by word (before the fix a press was lost in one round of eight even unthrottled).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const selected = () => page.evaluate(() => String(window.getSelection()));
  await expect.poll(selected).toBe('praça viva');
  // Shift+Home right after the caret moved to the end: the whole line.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect.poll(selected).toBe('Assine pela praça viva');
  await page.keyboard.press('End');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('A requisição foi feita com sucesso', { exact: false })).toBeVisible();
  const edit = first.getByRole('button', { name: 'Editar Conteúdo' });
  await expect(edit).toBeFocused();
  await expect(first.getByText('Assine pela praça viva')).toBeVisible();

  // Enter on 'Editar Conteúdo' opens it again with the focus inside; Escape leaves it and the focus comes back.
  await page.keyboard.press('Enter');
  await expect(text).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();

  // Hide it, then remove it behind the confirmation.
  await chooseFromBlockMenu(page, first, 'Esconder');
  await expect(blocks(page).first()).toHaveClass(/mz-block--hidden/);
  await chooseFromBlockMenu(page, blocks(page).first(), 'Remover');
  const dialog = page.getByRole('dialog', { name: 'Remover bloco' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'remove block dialog');
  await press(dialog.getByRole('button', { name: 'Remover' }));
  await expect(blocks(page)).toHaveCount(1);
  await expect(nav.getByRole('button', { name: 'Renomear Manifesto' })).toHaveCount(0);
});
