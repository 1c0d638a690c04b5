import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, organiserWithPage, test, uniqueEmail } from './fixtures';

test.use({ actionTimeout: 15_000 });

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

const tabs = (page: Page, label: string) => page.getByRole('navigation', { name: label });

/** A block of one column per widget, made through the API as the editor does, with each widget's kind and settings. */
async function blockWith(page: Page, mobilizationId: number, widgets: { kind: string; settings: object }[]) {
  const size = 12 / widgets.length;
  const res = await page.request.post(`/api/mobilizations/${mobilizationId}/blocks`, {
    data: {
      block: {
        name: 'Participe',
        widgets_attributes: widgets.map((w) => ({ ...w, sm_size: 12, md_size: size, lg_size: size })),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { widgets: { id: number }[] }).widgets.map((w) => w.id);
}

/** An empty column in a new one-column block, then a kind from its chooser: the editor opens the kind's settings. */
async function pickKind(page: Page, mobilizationId: number, kind: string) {
  await page.goto(`/mobilizations/${mobilizationId}/blocks/create`);
  await page.getByRole('radio', { name: '1 coluna' }).check();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('button', { name: kind, exact: true }).last().click();
}

const FIELDS = JSON.stringify([
  { uid: 'f-nome', kind: 'text', label: 'Nome', placeholder: '', required: 'true' },
  { uid: 'f-email', kind: 'email', label: 'E-mail', placeholder: '', required: 'true' },
]);

test('the finish tabs open on the share screen the page shows, save the WhatsApp text, and the share buttons carry it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Partilha',
    community: { name: 'Coletivo Partilha', city: 'Olinda' },
    page: { name: 'Praça partilhada', goal: 'Reabrir a praça', slugPrefix: 'praca-partilha' },
  });
  // Widgets as an older version left them: set up, but with no finish type stored.
  const adjust = { call_to_action: 'Assine', button_text: 'Assinar' };
  const [formId, pressureId, donationId] = await blockWith(page, mobilization.id, [
    { kind: 'form', settings: { ...adjust, fields: FIELDS } },
    { kind: 'pressure', settings: { ...adjust, targets: ['Ana <ana@camara.example.org>'] } },
    { kind: 'donation', settings: { ...adjust, donation_value1: '30' } },
  ]);
  const tweet = await page.request.put(`/api/mobilizations/${mobilization.id}`, {
    data: { mobilization: { twitter_share_text: 'Eu apoio a praça partilhada' } },
  });
  expect(tweet.status()).toBe(200);

  const shareChoice = page.getByRole('radio', { name: new RegExp(t('widgetSettings.finishShare')) });
  const finishTabs: [number, string, string, string][] = [
    [pressureId ?? 0, 'pressure', t('kinds.pressure.settingsTabs'), t('kinds.pressure.finishSaved')],
    [donationId ?? 0, 'donation', t('kinds.donation.settingsTabs'), t('kinds.donation.finishSaved')],
    [formId ?? 0, 'form', t('formSettings.tabs'), t('widgetSettings.finishSaved')],
  ];
  for (const [id, segment, tabsLabel, saved] of finishTabs) {
    await page.goto(`/mobilizations/${mobilization.id}/widgets/${id}/${segment}/finish`);
    await expect(tabs(page, tabsLabel)).toBeVisible();
    await expect(shareChoice).toBeChecked();
    await page.getByLabel(t('widgetSettings.whatsappText')).fill(`Participe você também (${segment})`);
    await page.getByRole('button', { name: t('app.save') }).click();
    await expect(page.getByText(saved)).toBeVisible();
    await expect(page.getByText(t('actionWidget.finishTypeRequired'))).toHaveCount(0);
    await toastsGone(page);
  }
  await expectAccessible(page, 'form finish tab, share chosen');
  // What was saved is there on the next visit.
  await page.reload();
  await expect(page.getByLabel(t('widgetSettings.whatsappText'))).toHaveValue('Participe você também (form)');
  await expect(shareChoice).toBeChecked();

  // A visitor signs; the share buttons lead back to the page with the organiser's words.
  const port = new URL(page.url()).port;
  const pageUrl = `http://${mobilization.slug}.localhost:${port}/`;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(pageUrl);
  const form = visitor.locator('.mz-widget--form form');
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Joana');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(uniqueEmail('partilha'));
  await form.getByRole('button', { name: 'Assinar' }).click();
  await expect(visitor.getByText(t('actionWidget.shareTitle'))).toBeVisible();
  const link = (network: string) => visitor.getByRole('link', { name: new RegExp(t(`shareScreen.${network}`)) });
  const q = encodeURIComponent;
  await expect(link('whatsapp')).toHaveAttribute(
    'href',
    `https://api.whatsapp.com/send?text=${q(`Participe você também (form) ${pageUrl}`)}`,
  );
  await expect(link('facebook')).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${q(pageUrl)}`);
  await expect(link('twitter')).toHaveAttribute(
    'href',
    `https://twitter.com/intent/tweet?text=${q('Eu apoio a praça partilhada')}&url=${q(pageUrl)}`,
  );
  await expectAccessible(visitor, 'public share screen');
});

test('a phone pressure has its own tabs and messages: Ajustes, Alvos and Pós-pressão, and its button text on the page', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Liga',
    community: { name: 'Coletivo Ligação', city: 'Recife' },
    page: { name: 'Ligue para a Câmara', goal: 'Pressionar por telefone', slugPrefix: 'liga-abas' },
  });
  await pickKind(page, mobilization.id, t('widgets.kinds.pressure-phone'));
  await expect(page).toHaveURL(/\/widgets\/\d+\/pressure-phone$/);
  const nav = tabs(page, t('kinds.pressure.phoneSettingsTabs'));
  await expect(nav.getByRole('link')).toHaveText([
    t('kinds.pressure.adjustTab'),
    t('kinds.pressure.targetsTab'),
    t('kinds.pressure.finishTab'),
    t('kinds.pressure.deliveryTab'),
    t('embed.tab'),
  ]);
  await expect(page.getByRole('heading', { name: t('kinds.pressure.phoneSettingsTitle') })).toBeVisible();
  // No targets yet: the screen says so and leads to them.
  await expect(page.getByText(t('kinds.pressure.noTargetsNotice'))).toBeVisible();

  // Ajustes: the call button's text, and the phone pressure's own message.
  await expect(page.getByLabel(t('widgetSettings.buttonText'))).toHaveValue('Ligar');
  await page.getByLabel(t('widgetSettings.callToAction')).fill('Ligue para a vereança');
  await page.getByLabel(t('widgetSettings.buttonText')).fill('Ligue já');
  await page.getByLabel(t('widgetSettings.countText')).fill('ligações feitas');
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('kinds.pressure.phoneAdjustSaved'))).toBeVisible();
  await expect(page.getByText(t('kinds.pressure.saved'))).toHaveCount(0);
  await expectAccessible(page, 'phone pressure Ajustes');
  await toastsGone(page);

  // Alvos: numbers only, 'Nome <telefone>' each, with the spec's messages; no subject or body.
  await page.getByRole('link', { name: t('kinds.pressure.addTargets') }).click();
  await expect(page).toHaveURL(/\/pressure-phone\/targets$/);
  await expect(page.getByLabel(t('kinds.pressure.subjectLabel'))).toHaveCount(0);
  const entry = page.getByLabel(t('kinds.pressure.targetEntry'));
  await entry.fill('Vereadora Ana 81999990000');
  await entry.press('Control+Enter');
  await expect(page.getByText(t('kinds.pressure.targetInvalid'))).toBeVisible();
  await entry.fill('Gabinete <gabinete@camara.example.org>');
  await entry.press('Control+Enter');
  await expect(page.getByText(t('kinds.pressure.targetNotPhone'))).toBeVisible();
  await entry.fill('Vereadora Ana <+55 (81) 99999-0000>');
  await page.getByRole('button', { name: t('kinds.pressure.addTarget') }).click();
  await expect(page.getByText('Vereadora Ana <+5581999990000>')).toBeVisible();
  await entry.fill('Vereadora Ana <+5581999990000>');
  await entry.press('Control+Enter');
  await expect(page.getByText(t('kinds.pressure.targetDuplicate'))).toBeVisible();
  await entry.fill('');
  await expectAccessible(page, 'phone pressure Alvos');
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('kinds.pressure.targetsSaved'))).toBeVisible();
  await toastsGone(page);

  // Pós-pressão saves with its own name.
  await nav.getByRole('link', { name: t('kinds.pressure.finishTab') }).click();
  // The Alvos form (and its own 'Salvar') stays until Pós-pressão has loaded: save only what the organiser sees.
  await expect(page).toHaveURL(/\/finish$/);
  await expect(page.getByRole('radio', { name: new RegExp(t('widgetSettings.finishShare')) })).toBeVisible();
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('kinds.pressure.finishSaved'))).toBeVisible();

  // On the page: the title, the count text and the organiser's button text beside the target.
  const port = new URL(page.url()).port;
  const visitor = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await visitor.goto(`http://${mobilization.slug}.localhost:${port}/`);
  await expect(visitor.getByRole('heading', { name: 'Ligue para a vereança' })).toBeVisible();
  await expect(visitor.getByText('0 ligações feitas')).toBeVisible();
  const call = visitor.getByRole('button', { name: 'Ligue já: Vereadora Ana' });
  await expect(call).toHaveText('Ligue já');
  await expectAccessible(visitor, 'public phone pressure with its button text');
});

test('a list field without options says so under its options, and the focus goes there', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Campos',
    community: { name: 'Coletivo Campos', city: 'Natal' },
    page: { name: 'Bairros unidos', goal: 'Saber de onde vêm', slugPrefix: 'bairros-campos' },
  });
  const [formId] = await blockWith(page, mobilization.id, [
    { kind: 'form', settings: { call_to_action: 'Assine', button_text: 'Assinar', fields: FIELDS } },
  ]);
  await page.goto(`/mobilizations/${mobilization.id}/widgets/${formId}/form/fields`);
  await page.getByRole('button', { name: t('formSettings.addField') }).click();
  const form = page.locator('li').last();
  await form.getByLabel(t('formSettings.fieldLabel')).fill('Bairro');
  await form.getByLabel(t('formSettings.fieldKind')).selectOption({ label: t('formSettings.kinds.dropdown') });
  await page.getByRole('button', { name: t('app.save') }).click();

  const options = form.getByRole('textbox', { name: t('formSettings.options') });
  const name = form.getByRole('textbox', { name: t('formSettings.fieldLabel') });
  await expect(options).toBeFocused();
  await expect(options).toHaveAttribute('aria-invalid', 'true');
  await expect(options).toHaveAccessibleDescription(new RegExp(t('formWidget.dropdownOptionsRequired')));
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(name).not.toHaveAccessibleDescription(new RegExp(t('formWidget.dropdownOptionsRequired')));
  await expectAccessible(page, 'form fields with a list field missing its options');
  await options.fill('Centro, Zona Norte');
  await page.getByRole('button', { name: t('app.save') }).click();
  await expect(page.getByText(t('formWidget.saved'))).toBeVisible();
});

test('each kind starts with defaults in the page’s language that save as they are', async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Padrao',
    community: { name: 'Coletivo Padrão', city: 'Belém' },
    page: { name: 'Começo rápido', goal: 'Ver os padrões', slugPrefix: 'padroes' },
  });
  const save = () => page.getByRole('button', { name: t('app.save') }).click();

  // A form: title, button, count text, and Nome, Sobrenome and E-mail; Ajustes saves untouched.
  await pickKind(page, mobilization.id, t('widgets.kinds.form'));
  await expect(page).toHaveURL(/\/form$/);
  await expect(page.getByLabel(t('widgetSettings.callToAction'))).toHaveValue(t('widgetDefaults.formTitle'));
  await expect(page.getByLabel(t('widgetSettings.buttonText'))).toHaveValue('Assinar');
  await expect(page.getByLabel(t('widgetSettings.countText'))).toHaveValue(t('widgetDefaults.formCount'));
  await save();
  await expect(page.getByText(t('formWidget.saved'))).toBeVisible();
  await page.getByRole('link', { name: t('formSettings.fieldsTab') }).click();
  await expect(page.locator('ol > li')).toHaveText([/^Nome/, /^Sobrenome/, /^E-mail/]);
  await expectAccessible(page, 'default form fields');

  // An e-mail pressure: a sample letter, and the screen asks for targets.
  await pickKind(page, mobilization.id, t('widgets.kinds.pressure'));
  await expect(page).toHaveURL(/\/pressure$/);
  await expect(page.getByText(t('kinds.pressure.noTargetsNotice'))).toBeVisible();
  await expect(page.getByLabel(t('widgetSettings.buttonText'))).toHaveValue(t('widgetDefaults.pressureButton'));
  await save();
  await expect(page.getByText(t('kinds.pressure.saved'))).toBeVisible();
  await page.getByRole('link', { name: t('kinds.pressure.emailTab') }).click();
  await expect(page.getByLabel(t('kinds.pressure.subjectLabel'))).toHaveValue(t('widgetDefaults.pressureSubject'));

  // A donation: five amounts, the first chosen, one-off gifts; Dados para doação saves untouched.
  await pickKind(page, mobilization.id, t('widgets.kinds.donation'));
  await expect(page).toHaveURL(/\/donation$/);
  await expect(page.getByLabel(t('widgetSettings.callToAction'))).toHaveValue(t('widgetDefaults.donationTitle'));
  await page.getByRole('link', { name: t('kinds.donation.dataTab') }).click();
  for (const [slot, value] of [
    [1, '20'],
    [5, '500'],
  ] as const)
    await expect(
      page.getByRole('textbox', { name: t('kinds.donation.valueLabel', { slot }), exact: true }),
    ).toHaveValue(value);
  await expect(
    page.getByRole('radio', { name: t('kinds.donation.defaultValueOptionFilled', { slot: 1, value: 20 }) }),
  ).toBeChecked();
  await save();
  await expect(page.getByText(t('kinds.donation.saved'))).toBeVisible();
  await expectAccessible(page, 'default donation data');

  // On a Spanish page the defaults are Spanish.
  const es = await page.request.put(`/api/mobilizations/${mobilization.id}`, {
    data: { mobilization: { language: 'es' } },
  });
  expect(es.status()).toBe(200);
  await pickKind(page, mobilization.id, t('widgets.kinds.pressure-phone'));
  await expect(page.getByLabel(t('widgetSettings.callToAction'))).toHaveValue(
    translate('es', 'widgetDefaults.phoneTitle'),
  );
  await expect(page.getByLabel(t('widgetSettings.buttonText'))).toHaveValue('Llamar');
});
