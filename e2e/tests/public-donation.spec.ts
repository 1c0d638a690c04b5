import { translate } from '@mutirao/core';
import { addBlock, content, DESKTOP, expectRevealed, PHONE, tuckUnderNavbar, visitorAt } from './campaignPage';
import { fillCard, fillDonor, seedDonationPage } from './donor';
import { expect, test } from './fixtures';

test.use({ actionTimeout: 15_000 });

const t = (key: string, params?: Record<string, string>) => translate('pt-BR', `kinds.donation.${key}`, params);

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the retry and thank-you after a donation show below the navbar, focused`, async ({
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const page = await seedDonationPage(request, `Cozinha ${viewport.width}`);
    // The organiser adds the page's other blocks below the donation.
    const signIn = await request.post('/api/auth/sign_in', {
      data: { user: { email: page.organiser, password: 'journey-password' } },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    for (const name of ['Para onde vai o dinheiro', 'Quem cozinha', 'Contato'])
      await addBlock(request, page.mobilization_id, name, content(name));
    const port = new URL(baseURL ?? '').port;
    const visitor = await visitorAt(browser, viewport, `http://${page.slug}.localhost:${port}/`);
    await visitor.getByRole('button', { name: 'Quero doar' }).click();
    await fillDonor(visitor);
    await visitor.getByRole('button', { name: t('continue') }).click();
    const pay = visitor.getByRole('button', { name: t('pay', { amount: 'R$ 50' }) });
    const widget = visitor.locator('.mz-form-widget');

    // A refused card: the retry message, whole below the sticky navbar, with the focus. Each step is sent with the
    // widget's top under the navbar, as after scrolling down its fields (the event does not scroll; a click would).
    await fillCard(visitor, '4000 0000 0000 0002');
    await tuckUnderNavbar(widget);
    await pay.dispatchEvent('click');
    await expectRevealed(visitor.getByRole('heading', { name: t('retryMessage') }));

    // Paid: the monthly offer's heading, then, declined, the thank-you.
    await visitor.getByRole('button', { name: t('retryButton') }).click();
    await fillCard(visitor, '4111 1111 1111 1111');
    await tuckUnderNavbar(widget);
    await pay.dispatchEvent('click');
    await expectRevealed(visitor.getByRole('heading', { name: t('offerTitle') }));
    await tuckUnderNavbar(widget);
    await visitor.getByRole('button', { name: t('offerDecline') }).dispatchEvent('click');
    await expectRevealed(visitor.locator('.mz-form-widget__done'));
    await expect(visitor.getByText(t('donationNotNow'))).toBeVisible();
  });
}
