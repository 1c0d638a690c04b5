import { translate } from '@mutirao/core';
import { addBlock, DESKTOP, PHONE } from './campaignPage';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('a widget’s settings show it as visitors will, as the organiser types, at desktop and phone width', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize(DESKTOP);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Iara',
    community: { name: 'Rede Iara', city: 'Belém' },
    page: { name: 'Água limpa em Belém', goal: 'Saneamento nos bairros.', slugPrefix: 'agua-iara' },
  });
  await addBlock(page.request, mobilization.id, 'Assine', {
    kind: 'form',
    settings: { call_to_action: 'Assine pela água', button_text: 'Assinar', finish_message_type: 'share' },
  });
  await addBlock(page.request, mobilization.id, 'Pressione', {
    kind: 'pressure',
    settings: {
      call_to_action: 'Pressione a prefeitura',
      button_text: 'Enviar',
      targets: ['Prefeito Beto <beto@prefeitura.example.org>'],
      pressure_subject: 'Água limpa já',
      pressure_body: 'Queremos saneamento.',
      finish_message_type: 'share',
    },
  });
  const widgets = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`)).json()) as {
    id: number;
    kind: string;
  }[];
  const form = widgets.find((w) => w.kind === 'form');
  const pressure = widgets.find((w) => w.kind === 'pressure');

  await page.goto(`/mobilizations/${mobilization.id}/widgets/${form?.id}/form`);
  const preview = page.getByRole('region', { name: t('widgetSettings.livePreview') });
  await expect(preview.getByText('Assine pela água')).toBeVisible();
  // Typed, not saved: the preview follows.
  await page.getByLabel(t('widgetSettings.callToAction')).fill('Assine pela água limpa');
  await page.getByLabel(t('widgetSettings.buttonText')).fill('Quero assinar');
  await expect(preview.getByText('Assine pela água limpa')).toBeVisible();
  // It is a picture: nothing in it takes the focus.
  const button = preview.locator('button', { hasText: 'Quero assinar' });
  await expect(button).toBeVisible();
  await expect(preview.locator('[inert]')).toHaveCount(1);
  await button.evaluate((el) => (el as HTMLElement).focus());
  await expect(button).not.toBeFocused();
  await expectAccessible(page, 'form settings with the live preview');

  // Phone width: the frame is 390 px wide.
  await preview.getByText(t('widgetSettings.previewPhone')).click();
  await expect(preview.locator('[data-preview-width="phone"]')).toBeVisible();
  expect(await preview.locator('[data-preview-width="phone"]').evaluate((el) => el.getBoundingClientRect().width)).toBe(
    390,
  );
  await page.screenshot({ path: test.info().outputPath('preview-desktop.png'), fullPage: true });

  // Nothing was saved: leaving without saving puts the saved settings back.
  const stored = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/widgets`)).json()) as {
    id: number;
    settings: { call_to_action: string };
  }[];
  expect(stored.find((w) => w.id === form?.id)?.settings.call_to_action).toBe('Assine pela água');

  // The e-mail pressure's screens have it too, on the admin at phone width.
  await page.setViewportSize(PHONE);
  await page.goto(`/mobilizations/${mobilization.id}/widgets/${pressure?.id}/pressure`);
  const pressurePreview = page.getByRole('region', { name: t('widgetSettings.livePreview') });
  await expect(pressurePreview.getByText('Pressione a prefeitura')).toBeVisible();
  await page.getByLabel(t('widgetSettings.callToAction')).fill('Pressione o prefeito');
  await expect(pressurePreview.getByText('Pressione o prefeito')).toBeVisible();
  await expectAccessible(page, 'pressure settings with the live preview at 390 px');
  await page.screenshot({ path: test.info().outputPath('preview-phone.png'), fullPage: true });
  expect(errors).toEqual([]);
});
