import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';
import { comparePngs, settle, shootBlocks } from './pixels';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots4';
const IMAGE = join(import.meta.dirname, '..', '..', 'apps', 'server', 'test', 'fixtures', 'share-1200x630.jpg');
const VIDEO = '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Vídeo da campanha"></iframe>';

async function shot(page: Page, name: string, top = false, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(1, 1);
  if (top) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

const blocks = (page: Page) => page.locator('section[data-block-id]');
/**
 * What only the editor shows: its overlays (marked `data-mz-edit`) and hidden blocks; also the navbar above the blocks
 * and the admin's frame around the page, whose edge and rounded corners a screenshot clipped at a fractional
 * coordinate would catch.
 */
const EDITOR_ONLY = [
  '[data-mz-edit]{display:none!important}',
  '.mz-block--hidden{display:none!important}',
  '[data-mz-navbar]{visibility:hidden}',
  ':has(> .mz-page){border-color:transparent!important;border-radius:0!important}',
  // The publishing bar above the page: its height in fractions of a pixel would move the blocks off the pixel grid.
  '[data-publishing-bar]{display:none!important}',
].join('');
const SAVED = 'A requisição foi feita com sucesso, e os seus dados estão salvos em segurança.';
const blockMenu = (block: Locator) => block.locator('.mz-block__menu button');

async function addBlock(page: Page, layout: string, background: (page: Page) => Promise<void>) {
  await expect(page.getByRole('heading', { name: 'Adicionar bloco', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: layout }).check();
  await background(page);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
}

test('an organiser builds a page of blocks in four layouts, writes rich text, rearranges it, finds it after a reload, and visitors see the same page', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Editora',
    community: { name: 'Coletivo Editor', city: 'Recife' },
    page: { name: 'Praça é nossa', goal: 'Salvar a praça do bairro', slugPrefix: 'praca' },
  });
  const { slug } = mobilization;

  // An edit page with no blocks sends the organiser to block creation.
  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  await expect(page).toHaveURL(new RegExp(`/mobilizations/${mobilization.id}/blocks/create$`));
  await expectAccessible(page, 'block creation');
  await shot(page, '01-block-create');

  // Block 1: one column on a pink background preset.
  await addBlock(page, '1 coluna', async (p) => {
    await p.getByRole('button', { name: 'Usar a cor rgba(255, 230, 245, 1)' }).click();
  });
  await expect(blocks(page)).toHaveCount(1);
  await expectAccessible(page, 'editor with one block');
  await shot(page, '02-editor-one-block', true);

  // Block 2: two columns over an uploaded image.
  await page.getByRole('link', { name: 'Adicionar bloco de conteúdo' }).first().click();
  await addBlock(page, '2 colunas iguais', async (p) => {
    await p.locator('label', { hasText: 'Imagem de fundo' }).click();
    await p.locator('input[type=file]').setInputFiles(IMAGE);
    await expect(p.getByRole('img', { name: 'Pré-visualização da imagem enviada' })).toBeVisible();
  });
  // Block 3: three columns on the default white.
  await page.getByRole('link', { name: 'Adicionar bloco de conteúdo' }).first().click();
  await addBlock(page, '3 colunas', async () => {});
  await expect(blocks(page)).toHaveCount(3);
  await expect(blocks(page).nth(1).locator('[data-widget-id]')).toHaveCount(2);
  await expect(blocks(page).nth(2).locator('[data-widget-id]')).toHaveCount(3);
  // The three columns stand side by side in the editor, as on a visitor's screen of the same width.
  const tops = await blocks(page)
    .nth(2)
    .locator('[data-widget-id]')
    .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);

  // Block 4: four columns, one under the other on medium screens (md 12 rather than 6). The page is now taller than
  // the window: the editor opens scrolled to the new block, with the keyboard on its menu.
  await page.getByRole('link', { name: 'Adicionar bloco de conteúdo' }).first().click();
  await expect(page.getByRole('heading', { name: 'Adicionar bloco', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: '4 colunas' }).check();
  await expect(page.getByRole('radio', { name: 'Duas por linha' })).toBeChecked();
  await page.getByText('Uma embaixo da outra', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Uma embaixo da outra' })).toBeChecked();
  await expectAccessible(page, 'block creation, four columns');
  await shot(page, '01b-four-columns');
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(blocks(page)).toHaveCount(4);
  await expect(blocks(page).nth(3)).toBeInViewport();
  await expect(blockMenu(blocks(page).nth(3))).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const fourth = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`)).json()) as {
    sm_size: number;
    md_size: number;
    lg_size: number;
  }[];
  expect(fourth.slice(-4).map((w) => [w.sm_size, w.md_size, w.lg_size])).toEqual(Array(4).fill([12, 12, 3]));
  // The editor is as wide as a tablet: the four columns stand one under the other, as visitors of that width see them.
  const fourTops = await blocks(page)
    .nth(3)
    .locator('[data-widget-id]')
    .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(new Set(fourTops).size).toBe(4);

  // Name the blocks in the navbar: Escape submits, as does a click outside.
  const nav = page.getByRole('navigation', { name: 'Navegação da página' });
  for (const [current, name] of [
    ['Bloco 1', 'Abertura'],
    ['Bloco 2', 'Galeria'],
    ['Bloco 3', 'Assine'],
  ]) {
    await nav.getByRole('button', { name: `Renomear ${current}` }).click();
    await nav.getByRole('textbox', { name: 'Nome do bloco no menu' }).fill(name ?? '');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('button', { name: `Renomear ${name}` })).toBeVisible();
  }
  // A click outside submits the name too.
  await nav.getByRole('button', { name: 'Renomear Bloco 4' }).click();
  await nav.getByRole('textbox', { name: 'Nome do bloco no menu' }).fill('Apoios');
  await page.getByRole('heading', { name: 'Editar Praça é nossa', level: 1 }).click();
  await expect(nav.getByRole('button', { name: 'Renomear Apoios' })).toBeVisible();
  await nav.getByRole('button', { name: 'Assine no menu da página' }).click();
  await expect(nav.getByRole('button', { name: 'Assine no menu da página' })).toHaveAttribute('aria-pressed', 'false');

  // Rich text in block 1.
  const first = blocks(page).first();
  await first.getByRole('button', { name: 'Conteúdo' }).click();
  const text = page.getByRole('textbox', { name: 'Texto de Abertura' });
  await expect(text).toBeVisible();
  await text.click();
  await page.getByRole('toolbar', { name: 'Formatação do texto' }).scrollIntoViewIfNeeded();
  await shot(page, '03-content-editor-open');
  // Marks as one types: "nossa" in bold.
  await page.keyboard.type('Praça é ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('nossa');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('! Leia o manifesto');
  // Every keystroke has reached the editor before the selection moves (under load a late one landed after it).
  await expect(text).toContainText('Praça é nossa! Leia o manifesto');
  // A link over "manifesto", through the link dialog (the selection is extended the browser's own way).
  for (let i = 0; i < 'manifesto'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+k');
  const linkDialog = page.getByRole('dialog', { name: 'Link' });
  await expect(linkDialog.getByLabel('Texto')).toHaveValue('manifesto');
  await linkDialog.getByLabel('URL').fill('https://nossas.org/manifesto');
  await expect(linkDialog.getByLabel('Abrir em nova aba')).toBeChecked();
  await expectAccessible(page, 'link dialog');
  await shot(page, '04-link-dialog');
  await linkDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(text.getByRole('link', { name: 'manifesto' })).toHaveAttribute('href', 'https://nossas.org/manifesto');
  // A centred, bigger line.
  await page.keyboard.press('End');
  await page.keyboard.type(' hoje.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Venha para o ato');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+Shift+e');
  await page.keyboard.press('Control+Shift+Period');
  await page.keyboard.press('Control+Shift+Period');
  await expect(page.getByRole('textbox', { name: 'Tamanho da fonte' })).toHaveValue('18');
  // A colour from the presets, through the colour popover (its shortcut opens it).
  await page.keyboard.press('Control+Shift+h');
  const colors = page.getByRole('dialog', { name: 'Cor do texto' });
  await expect(colors).toBeVisible();
  await expectAccessible(page, 'colour popover');
  await shot(page, '04b-color-popover');
  await colors.getByRole('button', { name: 'Usar a cor rgba(32, 58, 130, 1)' }).click();
  await colors.getByRole('button', { name: 'Fechar' }).click();
  // The size box: 0 and empty become 1 (spec 02 §5); then the line goes back to 18.
  const size = page.getByRole('textbox', { name: 'Tamanho da fonte' });
  for (const typed of ['0', '']) {
    await size.fill(typed);
    await size.press('Enter');
    await expect(size).toHaveValue('1');
  }
  await size.fill('18');
  await size.press('Enter');
  await expect(size).toHaveValue('18');
  await text.click();
  await page.keyboard.press('End');
  // An image through the image modal, with upload and progress.
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Imagem', exact: true }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Inserir imagem' });
  await imageDialog.locator('input[type=file]').setInputFiles(IMAGE);
  await expect(imageDialog.getByRole('img', { name: 'Pré-visualização da imagem enviada' })).toBeVisible();
  await imageDialog.getByLabel('Título').fill('A praça cheia de gente');
  await expectAccessible(page, 'image modal');
  await shot(page, '04c-image-modal');
  await imageDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(text.getByRole('img', { name: 'A praça cheia de gente' })).toBeVisible();
  // Selecting the image offers to edit it: a link makes it an image link.
  await text.getByRole('img', { name: 'A praça cheia de gente' }).click();
  await text.getByRole('button', { name: 'Editar' }).click();
  const editImage = page.getByRole('dialog', { name: 'Editar imagem' });
  await editImage.getByLabel('Link').fill('https://nossas.org/ato');
  await editImage.getByRole('button', { name: 'Salvar' }).click();
  await expect(editImage).toBeHidden();
  await expect(text.getByText('Imagem com link para https://nossas.org/ato')).toBeAttached();
  // Cancelar closes the modal and changes nothing.
  await text.getByRole('img', { name: 'A praça cheia de gente' }).click();
  await text.getByRole('button', { name: 'Editar' }).click();
  await editImage.getByLabel('Título').fill('Outro título');
  await editImage.getByRole('button', { name: 'Cancelar' }).click();
  await expect(editImage).toBeHidden();
  await expect(text.getByRole('img', { name: 'A praça cheia de gente' })).toBeVisible();
  // A second image, by its shortcut, then removed: Remover deletes it and the modal stays open.
  // (A click on the text's middle would land on the big image and select it: click a line of text.)
  await text.getByText('Venha para o ato').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+u');
  const another = page.getByRole('dialog', { name: 'Inserir imagem' });
  await another.locator('input[type=file]').setInputFiles(IMAGE);
  await expect(another.getByRole('img', { name: 'Pré-visualização da imagem enviada' })).toBeVisible();
  await another.getByLabel('Título').fill('Imagem a remover');
  await another.getByRole('button', { name: 'Salvar' }).click();
  const doomed = text.getByRole('img', { name: 'Imagem a remover' });
  // Over an image that is not selected, the edit layer says to select it first.
  const hint = text.getByText('Selecione a imagem para editar').filter({ visible: true });
  await doomed.hover();
  await expect(hint).toHaveCount(1);
  await doomed.click();
  await expect(hint).toHaveCount(0);
  await text.getByRole('button', { name: 'Editar' }).click();
  await editImage.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(editImage.getByText('Selecione a imagem para editar')).toBeVisible();
  await expect(doomed).toHaveCount(0);
  await shot(page, '04e-image-removed');
  await editImage.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(editImage).toBeHidden();
  await text.getByText('Venha para o ato').click();
  await page.keyboard.press('Control+End');
  // An embed: refused unless it starts with an iframe or a script tag.
  await page.getByRole('button', { name: 'Incorporar código' }).click();
  const embedDialog = page.getByRole('dialog', { name: 'Incorporar código' });
  await embedDialog.getByLabel('Código para incorporar').fill('<div>oi</div>');
  await embedDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    embedDialog.getByText('Este código não é permitido: ele deve começar com <iframe ou <script.'),
  ).toBeVisible();
  await shot(page, '04d-embed-refused');
  await embedDialog.getByLabel('Código para incorporar').fill(VIDEO);
  await embedDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(embedDialog).toBeHidden();
  await expect(text.locator('iframe[sandbox]')).toHaveCount(1);
  await text.getByRole('img', { name: 'A praça cheia de gente' }).scrollIntoViewIfNeeded();
  await expectAccessible(page, 'content editor');
  await shot(page, '05-content-editor');
  await text.click();
  await page.keyboard.press('Control+s');
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page.getByText('Oba!', { exact: true })).toBeVisible();
  await expect(text).toBeHidden();
  await expect(first.locator('.mz-rich-text strong')).toHaveText('nossa');
  await page.mouse.move(0, 0);
  await first.scrollIntoViewIfNeeded();
  await shot(page, '05b-content-saved');

  // The background dialog: Escape cancels, so nothing changes.
  await blockMenu(first).click();
  await shot(page, '05c-block-menu');
  await page.getByRole('menuitem', { name: 'Alterar fundo' }).click();
  const background = page.getByRole('dialog', { name: 'Fundo de Abertura' });
  await background.getByRole('button', { name: 'Usar a cor rgba(255, 199, 44, 1)' }).click();
  await expectAccessible(page, 'background dialog');
  await shot(page, '05d-background-dialog');
  await page.keyboard.press('Escape');
  await expect(background).toBeHidden();
  await expect(first).toHaveCSS('background-color', 'rgb(255, 230, 245)');
  // Removing the image of Galeria asks first; Escape answers only that question; Cancelar then keeps the image.
  await blockMenu(blocks(page).nth(1)).click();
  await page.getByRole('menuitem', { name: 'Alterar fundo' }).click();
  const gallery = page.getByRole('dialog', { name: 'Fundo de Galeria' });
  await gallery.getByRole('button', { name: 'Remover imagem' }).click();
  const confirmRemoval = page.getByRole('dialog', { name: 'Remover imagem de fundo' });
  await expect(confirmRemoval.getByText('Deseja remover a imagem de fundo?')).toBeVisible();
  await expectAccessible(page, 'background image removal');
  await shot(page, '05e-remove-background-image');
  await page.keyboard.press('Escape');
  await expect(confirmRemoval).toBeHidden();
  await expect(gallery).toBeVisible();
  await expect(gallery.getByRole('img', { name: 'Pré-visualização da imagem enviada' })).toBeVisible();
  await gallery.getByRole('button', { name: 'Remover imagem' }).click();
  await confirmRemoval.getByRole('button', { name: 'Remover' }).click();
  await expect(gallery.getByRole('img', { name: 'Pré-visualização da imagem enviada' })).toHaveCount(0);
  await gallery.getByRole('button', { name: 'Cancelar' }).click();
  await expect(gallery).toBeHidden();
  await expect(blocks(page).nth(1)).toHaveAttribute('style', /background-image/);

  // One line in the middle column of Assine: a short widget, as tall in the editor as it will be on the page.
  await blocks(page)
    .nth(2)
    .getByRole('group', { name: 'Coluna 2 de Assine' })
    .getByRole('button', { name: 'Conteúdo' })
    .click();
  const middle = page.getByRole('textbox', { name: 'Texto de Assine' });
  await middle.click();
  await page.keyboard.type('Assine e compartilhe');
  await page.keyboard.press('Control+s');
  await expect(middle).toBeHidden();
  await expect(blocks(page).nth(2).getByText('Assine e compartilhe')).toBeVisible();

  // Rearrange: move Assine up, hide Galeria, duplicate Abertura. The last block cannot go down.
  await blockMenu(blocks(page).nth(3)).click();
  await expect(page.getByRole('menuitem', { name: 'Mover para baixo' })).toBeDisabled();
  // Escape closes the menu from inside it (the save above returns the focus to its button a moment later, which a
  // fast script can see land after the menu opened).
  await page.getByRole('menuitem', { name: 'Mover para cima' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await blockMenu(blocks(page).nth(2)).click();
  await page.getByRole('menuitem', { name: 'Mover para cima' }).click();
  await expect(blocks(page).nth(1)).toHaveAttribute('aria-label', 'Assine');
  // Each menu finishes closing before the next one opens, so only one menu's items are on the page.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await blockMenu(blocks(page).nth(2)).click();
  await page.getByRole('menuitem', { name: 'Esconder' }).click();
  await expect(blocks(page).nth(2).getByText('Escondido')).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await blockMenu(blocks(page).first()).click();
  await expect(page.getByRole('menuitem', { name: 'Mover para cima' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Duplicar' }).click();
  await expect(blocks(page)).toHaveCount(5);
  await expect(blocks(page).nth(4).locator('.mz-rich-text strong')).toHaveText('nossa');
  await expectAccessible(page, 'editor with five blocks');
  await shot(page, '06-editor-arranged', true);

  // Everything survives a reload.
  await page.reload();
  await expect(blocks(page)).toHaveCount(5);
  await expect(blocks(page).nth(0)).toHaveAttribute('aria-label', 'Abertura');
  await expect(blocks(page).nth(1)).toHaveAttribute('aria-label', 'Assine');
  await expect(blocks(page).nth(2)).toHaveAttribute('aria-label', 'Galeria');
  await expect(blocks(page).nth(3)).toHaveAttribute('aria-label', 'Apoios');
  await expect(blocks(page).nth(2).getByText('Escondido')).toBeVisible();
  await expect(blocks(page).nth(1).getByText('Fora do menu')).toBeVisible();
  for (const index of [0, 4]) {
    const content = blocks(page).nth(index).locator('.mz-rich-text');
    await expect(content.locator('strong')).toHaveText('nossa');
    await expect(content.getByRole('link', { name: /manifesto/ })).toHaveAttribute(
      'href',
      'https://nossas.org/manifesto',
    );
    await expect(content.getByRole('img', { name: 'A praça cheia de gente' })).toBeVisible();
    await expect(content.getByRole('link', { name: /A praça cheia de gente/ })).toHaveAttribute(
      'href',
      'https://nossas.org/ato',
    );
    await expect(content.locator('iframe[sandbox]')).toHaveCount(1);
    // The image was inserted before the embed, and stays before it.
    expect(
      await content.evaluate((el) => {
        const img = el.querySelector('img');
        const frame = el.querySelector('iframe');
        return !!img && !!frame && !!(img.compareDocumentPosition(frame) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    await expect(content.getByText('Venha para o ato')).toHaveCSS('font-size', '18px');
    await expect(content.getByText('Venha para o ato')).toHaveCSS('color', 'rgb(32, 58, 130)');
    await expect(content.locator('p', { hasText: 'Venha para o ato' })).toHaveCSS('text-align', 'center');
  }
  await expect(blocks(page).nth(2)).toHaveAttribute('style', /background-image/);
  await shot(page, '07-after-reload', true);
  await shot(page, '08-after-reload-full-page', true, true);

  // The public page on its own host, as a visitor of the editor's width sees it.
  const editorOnly = await page.addStyleTag({ content: EDITOR_ONLY });
  await settle(page);
  const area = await page.locator('.mz-blocks').boundingBox();
  if (!area) throw new Error('no block area');
  expect(Number.isInteger(area.width), 'the block area has a whole width').toBe(true);
  const editorPixels = await shootBlocks(page);
  await editorOnly.evaluate((style) => (style as HTMLElement).remove());
  const visitor = await page.context().newPage();
  const cookiesSent: string[] = [];
  visitor.on('request', (r) => {
    const cookie = r.headers().cookie;
    if (cookie) cookiesSent.push(`${r.url()}: ${cookie}`);
  });
  await visitor.setViewportSize({ width: area.width, height: 800 });
  await visitor.goto(`http://${slug}.localhost:${new URL(page.url()).port}/`);
  await expect(visitor).toHaveTitle('Praça é nossa');
  expect(await visitor.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  // The organiser is signed in on the admin host, yet nothing of the session reaches the public host.
  expect(await visitor.evaluate(() => document.cookie)).toBe('');
  const sections = blocks(visitor);
  // Blocks in order; the hidden one (Galeria) is absent, and so are empty columns' choosers.
  await expect(sections).toHaveCount(4);
  expect(await sections.evaluateAll((all) => all.map((s) => s.getAttribute('aria-label')))).toEqual([
    'Abertura',
    'Assine',
    'Apoios',
    'Abertura',
  ]);
  await expect(visitor.getByRole('button')).toHaveCount(0);
  await expect(sections.nth(1).getByText('Assine e compartilhe')).toBeVisible();
  // The navbar leaves out Assine (out of the menu) and becomes fixed after 120px of scroll.
  const publicNav = visitor.getByRole('navigation', { name: 'Navegação da página' });
  await expect(publicNav.getByRole('link')).toHaveText(['Abertura', 'Apoios', 'Abertura']);
  await expectAccessible(visitor, 'public page');
  await visitor.evaluate(() => window.scrollTo(0, 100));
  await expect(visitor.locator('[data-mz-navbar]')).not.toHaveClass(/mz-navbar--fixed/);
  await visitor.evaluate(() => window.scrollTo(0, 130));
  await expect(visitor.locator('[data-mz-navbar]')).toHaveClass(/mz-navbar--fixed/);
  await visitor.evaluate(() => window.scrollTo(0, 0));
  await shot(visitor, '08b-public-page', true, true);
  // Pixel by pixel, the blocks match the editor's rendering. Public pages load fonts as `optional` (a font that
  // arrives after the first paint is not swapped in, so nothing shifts): a returning visitor's view has them all.
  await visitor.reload();
  await expect(sections).toHaveCount(4);
  const navbarAway = await visitor.addStyleTag({ content: '[data-mz-navbar]{visibility:hidden}' });
  await settle(visitor);
  const publicPixels = await shootBlocks(visitor);
  await navbarAway.evaluate((style) => (style as HTMLElement).remove());
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, '08c-compare-editor.png'), editorPixels);
  writeFileSync(join(SHOTS, '08d-compare-public.png'), publicPixels);
  const diff = await comparePngs(visitor, editorPixels, publicPixels);
  expect([diff.otherWidth, diff.otherHeight], 'public block area size').toEqual([diff.width, diff.height]);
  expect(diff.different, `pixels differing from the editor (first at row ${diff.firstRow})`).toBe(0);
  // On a wide screen the four columns of Apoios stand side by side.
  await visitor.setViewportSize({ width: 1280, height: 800 });
  const wideTops = await sections
    .nth(2)
    .locator('[data-widget-id]')
    .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(new Set(wideTops).size).toBe(1);

  // Edit again: a word more in Abertura and Galeria shown; the public page has both on its next request.
  await blocks(page).first().getByRole('button', { name: 'Clique para editar' }).click();
  const again = page.getByRole('textbox', { name: 'Texto de Abertura' });
  await again.getByText('Venha para o ato').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' no domingo');
  await page.keyboard.press('Control+s');
  await expect(page.getByText(SAVED)).toBeVisible();
  await blockMenu(blocks(page).nth(2)).click();
  await page.getByRole('menuitem', { name: 'Mostrar' }).click();
  await expect(blocks(page).nth(2).getByText('Escondido')).toHaveCount(0);
  await visitor.reload();
  await expect(sections.first().getByText('Venha para o ato no domingo')).toBeVisible();
  await expect(sections).toHaveCount(5);
  await expect(sections.nth(2)).toHaveAttribute('aria-label', 'Galeria');

  // Removing a widget asks first and leaves an empty column to choose again.
  await blocks(page).nth(4).locator('.mz-widget--content').hover();
  await page.getByRole('button', { name: 'Remover Conteúdo' }).last().click();
  await expect(
    page.getByRole('dialog', { name: 'Remover widget' }).getByText('Deseja remover o widget?'),
  ).toBeVisible();
  await page.getByRole('dialog', { name: 'Remover widget' }).getByRole('button', { name: 'Remover' }).click();
  await expect(
    blocks(page)
      .nth(4)
      .getByRole('group', { name: /Coluna 1 de/ }),
  ).toBeVisible();
  // Removing a block asks first too.
  await blockMenu(blocks(page).nth(4)).click();
  await page.getByRole('menuitem', { name: 'Remover' }).click();
  await expect(page.getByText('Você tem certeza que quer remover este bloco?')).toBeVisible();
  await page.getByRole('dialog', { name: 'Remover bloco' }).getByRole('button', { name: 'Remover' }).click();
  await expect(blocks(page)).toHaveCount(4);
  await page.reload();
  await expect(blocks(page)).toHaveCount(4);
  // And the public page follows.
  await visitor.reload();
  await expect(sections).toHaveCount(4);
  expect(await sections.evaluateAll((all) => all.map((s) => s.getAttribute('aria-label')))).toEqual([
    'Abertura',
    'Assine',
    'Galeria',
    'Apoios',
  ]);
  expect(cookiesSent, 'cookies sent to the public host').toEqual([]);
});

test('old content converts only after a confirmation, and cancelling with changes asks first', async ({
  page,
  request,
}) => {
  // It took 31 s in a full run on two busy cores.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Antiga',
    community: { name: 'Coletivo Legado', city: 'Belém' },
    page: { name: 'Página antiga', goal: 'Converter conteúdo', slugPrefix: 'antiga' },
  });
  // A block whose text was written by the legacy HTML editor.
  const block = await page.request.post(`/api/mobilizations/${mobilization.id}/blocks`, {
    data: {
      block: {
        name: 'Legado',
        widgets_attributes: [
          {
            sm_size: 12,
            md_size: 12,
            lg_size: 12,
            kind: 'content',
            settings: { content: '<p>Olá <b>mundo</b> antigo</p>' },
          },
        ],
      },
    },
  });
  expect(block.status(), await block.text()).toBe(200);

  await page.goto(`/mobilizations/${mobilization.id}/edit`);
  const section = blocks(page).first();
  await expect(section.locator('.mz-rich-text strong')).toHaveText('mundo');
  await section.getByRole('button', { name: 'Clique para editar' }).click();
  const convert = page.getByRole('dialog', { name: 'Converter para o novo editor' });
  await expect(convert).toBeVisible();
  await expectAccessible(page, 'conversion confirmation');
  await shot(page, '09-convert-confirm');
  // Declining keeps the widget as it was.
  await convert.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('textbox', { name: 'Texto de Legado' })).toHaveCount(0);
  await section.getByRole('button', { name: 'Clique para editar' }).click();
  await page
    .getByRole('dialog', { name: 'Converter para o novo editor' })
    .getByRole('button', { name: 'Converter' })
    .click();
  const text = page.getByRole('textbox', { name: 'Texto de Legado' });
  await expect(text.locator('strong')).toHaveText('mundo');
  // Cancelling a converted (so changed) text asks first.
  await section.getByRole('button', { name: 'Cancelar' }).click();
  const discard = page.getByRole('dialog', { name: 'Descartar alterações' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(text).toBeVisible();
  await section.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('dialog', { name: 'Descartar alterações' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(text).toBeHidden();
  await expect(section.locator('.mz-rich-text strong')).toHaveText('mundo');
  // Saving the converted text stores it in the block editor's format.
  await section.getByRole('button', { name: 'Clique para editar' }).click();
  await page
    .getByRole('dialog', { name: 'Converter para o novo editor' })
    .getByRole('button', { name: 'Converter' })
    .click();
  // The link dialog (spec 02 §4): Cancelar or Escape on a new link leaves no link; an empty URL removes one.
  const word = text.getByText('antigo');
  const linkDialog = page.getByRole('dialog', { name: 'Link' });
  await word.dblclick();
  await page.keyboard.press('Control+k');
  await expect(linkDialog.getByLabel('Texto')).toHaveValue('antigo');
  await linkDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(text.getByRole('link')).toHaveCount(0);
  await word.dblclick();
  await page.keyboard.press('Control+k');
  await expect(linkDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(linkDialog).toBeHidden();
  await expect(text.getByRole('link')).toHaveCount(0);
  await word.dblclick();
  await page.keyboard.press('Control+k');
  await linkDialog.getByLabel('URL').fill('nossas.org');
  await linkDialog.getByLabel('Abrir em nova aba').uncheck();
  await linkDialog.getByRole('button', { name: 'Salvar' }).click();
  const link = text.getByRole('link', { name: 'antigo' });
  await expect(link).toHaveAttribute('href', 'http://nossas.org');
  await expect(link).toHaveAttribute('target', '_self');
  await link.click();
  await page.keyboard.press('Control+k');
  await expect(linkDialog.getByLabel('URL')).toHaveValue('http://nossas.org');
  await expect(linkDialog.getByRole('button', { name: 'Remover' })).toBeVisible();
  await linkDialog.getByLabel('URL').fill('');
  await linkDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(text.getByRole('link')).toHaveCount(0);
  await text.getByText('antigo').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' e novo');
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  const widgets = await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`);
  const [widget] = (await widgets.json()) as { settings: { content: string } }[];
  const stored = JSON.parse(widget?.settings.content ?? 'null') as unknown[];
  expect(Array.isArray(stored)).toBe(true);
  expect(JSON.stringify(stored)).toContain('e novo');
  await page.reload();
  await expect(blocks(page).first().locator('.mz-rich-text')).toContainText('Olá mundo antigo e novo');
});
