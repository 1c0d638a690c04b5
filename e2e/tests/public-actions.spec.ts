import { translate } from '@mutirao/core';
import type { Page } from '@playwright/test';
import { buildCampaign, DESKTOP, expectRevealed, PHONE, tuckUnderNavbar, visitorAt } from './campaignPage';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

const p = (key: string) => translate('pt-BR', `kinds.pressure.${key}`);
/** The call states in the order a call goes through them; the failures and the end all come last. */
const STATES = ['callInitiated', 'callRinging', 'callInProgress', 'callCompleted'].map((key) =>
  p(key).replace(/\{seconds\}/, '\\d+'),
);
const stepOf = (text: string) => STATES.findIndex((pattern) => new RegExp(`^${pattern}$`).test(text));

/** Every text the call's status showed, in order, recorded in the page as it changes. */
async function recordStatuses(visitor: Page) {
  await visitor.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { mzSeen: string[] }).mzSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.mz-phone__status')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => visitor.evaluate(() => (window as unknown as { mzSeen: string[] }).mzSeen);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px a visitor signs, presses and calls: named errors, ready buttons, messages in view`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    const { community, mobilization } = await organiserWithPage(page, request, {
      firstName: 'Visita',
      community: { name: `Coletivo Visita ${viewport.width}`, city: 'Recife' },
      page: { name: 'Tarifa zero aos domingos', goal: 'Pressionar a Câmara', slugPrefix: `visita-${viewport.width}` },
    });
    await buildCampaign(page, community.id, mobilization.id);
    const port = new URL(page.url()).port;
    const visitor = await visitorAt(browser, viewport, `http://${mobilization.slug}.localhost:${port}/`);
    const pressure = visitor.locator('form', { has: visitor.getByRole('heading', { name: 'Pressione a Câmara' }) });
    const phone = visitor.locator('form', { has: visitor.getByRole('heading', { name: 'Ligue para a Câmara' }) });
    const sign = visitor.locator('form', { has: visitor.getByRole('heading', { name: 'Assine o manifesto' }) });

    // Every button looks ready before anything is typed: not marked disabled, not faded.
    for (const name of ['Assinar', 'Enviar pressão', 'Ligar para Vereadora Cida']) {
      const button = visitor.getByRole('button', { name, exact: true });
      await expect(button).not.toHaveAttribute('aria-disabled', /.*/);
      await expect(button).toHaveCSS('opacity', '1');
    }
    await expectAccessible(visitor, 'public campaign page, nothing typed');

    // The e-mail pressure sent empty: each error names its field, the first invalid field has the focus and is
    // described by its message.
    await pressure.getByRole('button', { name: 'Enviar pressão' }).click();
    await expect(pressure.locator('.mz-form__errors li')).toHaveText([
      p('firstNameRequired'),
      p('lastNameRequired'),
      p('emailRequired'),
    ]);
    const firstName = pressure.getByRole('textbox', { name: 'Nome', exact: true });
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription(p('firstNameRequired'));
    await expectAccessible(visitor, 'public e-mail pressure with errors');
    await firstName.fill('Iara');
    await pressure.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Monteiro');
    await pressure.getByRole('textbox', { name: 'E-mail', exact: true }).fill('iara@example.org');
    // Sent with the widget's top under the navbar (a click would scroll the page; the event does not).
    await tuckUnderNavbar(pressure);
    await pressure.getByRole('button', { name: 'Enviar pressão' }).dispatchEvent('click');
    await expectRevealed(visitor.locator('.mz-form-widget__done'));

    // The sign-up form, sent whole: its thank-you shows below the navbar, focused.
    await sign.getByRole('textbox', { name: 'Nome' }).fill('Iara Monteiro');
    await sign.getByRole('textbox', { name: 'E-mail' }).fill('iara@example.org');
    await tuckUnderNavbar(sign);
    await sign.getByRole('button', { name: 'Assinar' }).dispatchEvent('click');
    await expect(visitor.locator('.mz-form-widget__done')).toHaveCount(2);
    await expectRevealed(visitor.locator('.mz-form-widget__done').first());

    // The phone pressure: named errors, then the number as Brazilians write it, and the call's states only forward.
    const call = phone.getByRole('button', { name: 'Ligar para Vereadora Cida' });
    await call.click();
    await expect(phone.locator('.mz-form__errors li')).toHaveText([
      p('firstNameRequired'),
      p('lastNameRequired'),
      p('emailRequired'),
      p('phoneRequired'),
    ]);
    await expect(phone.getByRole('textbox', { name: 'Nome', exact: true })).toBeFocused();
    await phone.getByRole('textbox', { name: 'Nome', exact: true }).fill('Iara');
    await phone.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Monteiro');
    await phone.getByRole('textbox', { name: 'E-mail', exact: true }).fill('iara@example.org');
    const number = phone.getByRole('textbox', { name: 'Telefone', exact: true });
    await number.fill('98888-7777');
    await expect(phone.locator('.mz-form__errors li')).toHaveText([p('phoneCountryCode')]);
    await number.fill('81 98888-7777');
    await expect(phone.locator('.mz-form__errors li')).toHaveCount(0);
    const statuses = await recordStatuses(visitor);
    await call.click();
    await expect(phone.getByText(/^Ligação encerrada\. Duração: \d+ s$/)).toBeVisible({ timeout: 40_000 });
    const seen = await statuses();
    const steps = seen.map(stepOf);
    expect(steps, `unknown state in ${seen.join(' → ')}`).not.toContain(-1);
    expect(steps, `stepped back: ${seen.join(' → ')}`).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.at(-1)).toBe(3);
    await tuckUnderNavbar(phone);
    await phone.getByRole('button', { name: p('endAndShare') }).dispatchEvent('click');
    await expectRevealed(visitor.locator('.mz-form-widget__done').last());
    await expect(visitor.locator('.mz-form-widget__done')).toHaveCount(3);
    await expectAccessible(visitor, 'public campaign page after acting');
  });
}
