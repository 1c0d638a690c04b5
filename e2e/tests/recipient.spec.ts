import { translate } from '@mutirao/core';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

/**
 * The Recebedor tab (spec 01 §2, §5, §9) on the sandbox payments driver (the default): the server keeps the recipient
 * and makes up a provider id, as Pagar.me would give one.
 */
test('a community admin fills in the Recebedor tab: field-named errors, the weekday choice, then saved', async ({
  page,
  request,
}) => {
  // Two axe runs and a reload: on a loaded machine this walk outlasts the default 30 s.
  test.setTimeout(90_000);
  const user = await seedUser(request, { firstName: 'Rita', communities: [{ name: 'Horta Recebe' }] });
  await signInAs(page, user, 'Horta Recebe');
  await page.goto('/community/info');
  const tabs = page.getByRole('navigation', { name: t('communitySettings.tabsLabel') });
  await tabs.getByRole('link', { name: t('recipient.tab') }).click();
  await expect(page).toHaveURL(/\/community\/recipient$/);
  await expect(tabs.getByRole('link', { name: t('recipient.tab') })).toHaveAttribute('aria-current', 'page');
  // The funds rules of spec 01 §9 as help text, and an honest sandbox notice.
  await expect(page.getByText(t('recipient.funds1'))).toBeVisible();
  await expect(page.getByText(t('recipient.funds5'))).toBeVisible();
  await expect(page.getByText(t('recipient.sandbox'))).toBeVisible();
  await expectAccessible(page, 'community Recebedor tab');

  // Monthly offers the days of the month; weekly offers Monday to Friday.
  const day = page.getByRole('combobox', { name: t('recipient.transferDay'), exact: true });
  await expect(day.locator('option')).toHaveCount(32);
  await page.getByRole('combobox', { name: t('recipient.transferInterval'), exact: true }).selectOption('weekly');
  await expect(day.locator('option')).toHaveText([
    t('recipient.chooseDay'),
    'Segunda-feira',
    'Terça-feira',
    'Quarta-feira',
    'Quinta-feira',
    'Sexta-feira',
  ]);

  // Every field is required; the wrong ones say what is wrong, next to the field.
  await page.getByRole('textbox', { name: t('recipient.legalName'), exact: true }).fill('Horta');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('textbox', { name: t('recipient.bankCode'), exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText(t('recipient.required')).first()).toBeVisible();
  await page.getByRole('textbox', { name: t('recipient.bankCode'), exact: true }).fill('34');
  await page.getByRole('textbox', { name: t('recipient.agency'), exact: true }).fill('123456');
  await page.getByRole('textbox', { name: t('recipient.agencyDigit'), exact: true }).fill('5');
  await page.getByRole('textbox', { name: t('recipient.account'), exact: true }).fill('58054');
  await page.getByRole('textbox', { name: t('recipient.accountDigit'), exact: true }).fill('1');
  await page.getByRole('textbox', { name: t('recipient.documentNumber'), exact: true }).fill('529.982.247-26');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(t('recipient.bankCodeInvalid'))).toBeVisible();
  await expect(page.getByText(t('recipient.agencyInvalid'))).toBeVisible();
  await expect(page.getByText(t('recipient.cpfInvalid'))).toBeVisible();
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'Recebedor tab with errors');

  await day.selectOption({ label: 'Quarta-feira' });
  await page.getByRole('combobox', { name: t('recipient.accountType'), exact: true }).selectOption('conta_poupanca');
  await page.getByRole('textbox', { name: t('recipient.bankCode'), exact: true }).fill('341');
  await page.getByRole('textbox', { name: t('recipient.agency'), exact: true }).fill('0932');
  await page.getByRole('textbox', { name: t('recipient.documentNumber'), exact: true }).fill('529.982.247-25');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(t('recipient.saved'))).toBeVisible();
  await expect(page.getByText(/sandbox_re_/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: t('recipient.transferInterval'), exact: true })).toHaveValue(
    'weekly',
  );
  await expect(day).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: t('recipient.accountType'), exact: true })).toHaveValue(
    'conta_poupanca',
  );
  await expect(page.getByRole('textbox', { name: t('recipient.agency'), exact: true })).toHaveValue('0932');
  await expect(page.getByRole('textbox', { name: t('recipient.documentNumber'), exact: true })).toHaveValue(
    '52998224725',
  );
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();
});

test('a mobilizer does not see the Recebedor tab, and the page refuses them', async ({ page, request }) => {
  const user = await seedUser(request, { firstName: 'Caio', communities: [{ name: 'Rede Caio', role: 2 }] });
  await signInAs(page, user, 'Rede Caio');
  await page.goto('/community/info');
  const tabs = page.getByRole('navigation', { name: t('communitySettings.tabsLabel') });
  await expect(tabs.getByRole('link', { name: t('twilio.tab') })).toBeVisible();
  await expect(tabs.getByRole('link', { name: t('recipient.tab') })).toHaveCount(0);
  await page.goto('/community/recipient');
  await expect(page.getByText(t('recipient.adminOnly'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: t('recipient.bankCode'), exact: true })).toHaveCount(0);
  await expectAccessible(page, 'Recebedor tab, refused');
});
