import { translate } from '@mutirao/core';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('an organiser changes the theme and subthemes after creation, and the page’s colours and fonts', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Temas',
    community: { name: 'Coletivo Temas', city: 'Fortaleza' },
    page: { name: 'Rio limpo', goal: 'Despoluir o rio', slugPrefix: 'rio-temas' },
  });
  await page.goto(`/mobilizations/${mobilization.id}/settings/basics`);
  const subthemes = page.getByRole('combobox', { name: t('newMobilization.subthemes') });
  const save = page.getByRole('button', { name: t('mobilizationSettings.submit') });
  const mainTheme = page.getByRole('combobox', { name: t('newMobilization.mainTheme') });
  await expect(subthemes).toBeEnabled();
  await expect(mainTheme).toHaveCount(0);

  // A subtheme of another theme: the main theme is chosen among the two (the first one is kept until then).
  await subthemes.click();
  await page.getByRole('option', { name: 'Mudanças climáticas' }).click();
  await page.keyboard.press('Escape');
  await expect(mainTheme.locator('option:checked')).toHaveText('Educação');
  await mainTheme.selectOption({ label: t('newMobilization.chooseMainTheme') });
  await save.click();
  await expect(page.getByText(t('mobilizationForm.themeRequired'))).toBeVisible();
  await mainTheme.selectOption({ label: 'Meio Ambiente' });
  await expectAccessible(page, 'settings basics, two themes');
  await save.click();
  await expect(page.getByText(t('mobilizationSettings.savedToast'))).toBeVisible();
  await expect(save).toBeDisabled();

  // Kept on the next visit; then the first subtheme goes, and the one left decides the theme by itself.
  await page.reload();
  await expect(page.locator('#main-content').getByText('Mudanças climáticas')).toBeVisible();
  await expect(mainTheme.locator('option:checked')).toHaveText('Meio Ambiente');
  await subthemes.click();
  await page.getByRole('option', { name: 'Alimentação escolar' }).click();
  await page.keyboard.press('Escape');
  await expect(mainTheme).toHaveCount(0);
  await save.click();
  const read = async () => {
    const res = await page.request.post('/v1/graphql', {
      data: {
        query: `{ mobilizations_by_pk(id: ${mobilization.id}) { theme { label } subthemes { label } color_scheme header_font } }`,
      },
    });
    return ((await res.json()) as { data: { mobilizations_by_pk: Record<string, unknown> } }).data.mobilizations_by_pk;
  };
  await expect
    .poll(read)
    .toMatchObject({ theme: { label: 'Meio Ambiente' }, subthemes: [{ label: 'Mudanças climáticas' }] });

  // The look of the page changes too: colour scheme and fonts, seen by visitors.
  await page.getByRole('link', { name: t('mobilizationSettings.designTab') }).click();
  await page.getByLabel(t('mobilizationSettings.headerFont')).selectOption('Oswald');
  await page.getByRole('radio', { name: t('mobilizationSettings.schemes.meurio') }).check();
  await save.click();
  await expect.poll(read).toMatchObject({ color_scheme: 'meurio-scheme', header_font: 'Oswald' });
  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`http://${mobilization.slug}.localhost:${port}/`);
  await expect(visitor.locator('.mz-page')).toHaveClass(/mz-scheme-meurio/);
  await expect(visitor.locator('.mz-page')).toHaveAttribute('style', /Oswald/);
});
