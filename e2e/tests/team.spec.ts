import { translate } from '@mutirao/core';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, seedUser, signInAs, test, uniqueEmail } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

/** The path of the invitation link in the sandbox mailbox (open to the journeys) for that address. */
async function invitationLink(request: APIRequestContext, email: string) {
  let link: string | undefined;
  await expect(async () => {
    const box = (await (await request.get('/api/dev/mailbox')).json()) as { messages: { to: string; text: string }[] };
    link = box.messages.find((m) => m.to === email)?.text.match(/https?:\/\/\S+\/invitation\/[\w-]+/)?.[0];
    expect(link).toBeDefined();
  }).toPass({ timeout: 20_000 });
  return new URL(link as string).pathname;
}

test('an admin invites by e-mail; the invitee registers from the link, edits a page as a mobilizer, and shows in the list', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const community = `Rede Time ${Date.now().toString(36)}`;
  const admin = await seedUser(request, { firstName: 'Alice', communities: [{ name: community, mobilizations: 1 }] });
  await signInAs(page, admin, community);
  await page.getByRole('link', { name: t('communities.settings') }).click();
  const tabs = page.getByRole('navigation', { name: t('communitySettings.tabsLabel') });
  await expect(tabs.getByRole('link')).toHaveText([
    t('communitySettings.tabInfo'),
    t('team.tab'),
    t('mailchimp.tab'),
    t('twilio.tab'),
    t('recipient.tab'),
    t('communitySettings.tabMetrics'),
    t('sidebar.domains'),
    t('communityReports.tab'),
  ]);
  await tabs.getByRole('link', { name: t('team.tab') }).click();
  await expect(page).toHaveURL(/\/community\/mobilizers$/);
  const members = page.getByRole('table', { name: t('team.membersTitle') });
  await expect(
    members
      .getByRole('row', { name: new RegExp(admin.email) })
      .getByRole('combobox', { name: t('team.changeRoleOf', { name: 'Alice' }) }),
  ).toHaveValue(t('team.roleAdmin'));
  await expect(page.getByText(t('team.invitationsEmpty'))).toBeVisible();
  await expectAccessible(page, 'Mobilizadores tab');

  // Spec 01 §5: invite e-mail required and valid.
  const email = page.getByRole('textbox', { name: t('team.email') });
  const send = page.getByRole('button', { name: t('team.invite') });
  await send.click();
  await expect(page.getByText(t('team.emailRequired'))).toBeVisible();
  await email.fill('sem-arroba');
  await send.click();
  await expect(page.getByText(t('team.emailInvalid'))).toBeVisible();
  await expectAccessible(page, 'Mobilizadores tab with an error');

  const invitee = uniqueEmail('convidada');
  await email.fill(invitee);
  await send.click();
  await expect(page.getByText(t('team.invited', { email: invitee }))).toBeVisible();
  const pending = page.getByRole('table', { name: t('team.invitationsTitle') });
  await expect(pending.getByRole('row', { name: new RegExp(invitee) })).toContainText(t('team.roleMobilizer'));

  // A second invitation is revoked, after the confirmation; the focus goes to the list's heading.
  const other = uniqueEmail('desistencia');
  await email.fill(other);
  await send.click();
  await expect(page.getByText(t('team.invited', { email: other }))).toBeVisible();
  await page.getByRole('button', { name: t('team.revokeLabel', { email: other }) }).click();
  const dialog = page.getByRole('dialog', { name: t('team.revokeTitle') });
  await expect(dialog).toContainText(t('team.revokeBody', { email: other }));
  await expect(dialog.getByRole('button', { name: t('team.back') })).toBeFocused();
  await expectAccessible(page, 'revoke confirmation');
  await dialog.getByRole('button', { name: t('team.confirm') }).click();
  await expect(page.getByText(t('team.revoked', { email: other }))).toBeVisible();
  await expect(pending.getByRole('row', { name: new RegExp(other) })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: t('team.invitationsTitle') })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('mobilizers-tab.png'), fullPage: true });

  // The revoked link says so.
  const invitee2 = await browser.newContext();
  const guest = await invitee2.newPage();
  await guest.goto(await invitationLink(request, other));
  await expect(guest.getByText(t('team.invitationRevoked'))).toBeVisible();

  // The invitee opens the link from the mail and registers with the invitation's e-mail, fixed.
  await guest.goto(await invitationLink(request, invitee));
  await expect(guest.getByRole('heading', { name: t('team.invitationTitle', { community }) })).toBeVisible();
  await expect(guest.getByText(t('team.invitationIntro', { inviter: 'Alice', community }))).toBeVisible();
  const fixed = guest.getByRole('textbox', { name: t('auth.email') });
  await expect(fixed).toHaveValue(invitee);
  await expect(fixed).toHaveAttribute('readonly', '');
  await expectAccessible(guest, 'invitation, register');
  await guest.screenshot({ path: test.info().outputPath('invitation-register.png'), fullPage: true });
  await guest.getByRole('textbox', { name: t('auth.name') }).fill('Bia');
  await guest.getByLabel(t('auth.password'), { exact: true }).fill('senha-da-bia');
  await guest.getByLabel(t('auth.passwordConfirmation')).fill('senha-da-bia');
  await guest.getByRole('button', { name: t('team.registerAndJoin') }).click();
  await expect(guest).toHaveURL(/\/mobilizations$/);
  await expect(guest.getByText(t('team.joined', { community }))).toBeVisible();
  const sidebar = guest.getByRole('navigation', { name: t('sidebar.navigation') });
  await expect(sidebar.getByText(community)).toBeVisible();

  // As a mobilizer, she edits a page of the community.
  const communityId = admin.communities[0]?.id;
  const list = await guest.request.get(`/api/mobilizations?community_id=${communityId}`);
  const [mobilization] = (await list.json()) as { id: number }[];
  await guest.goto(`/mobilizations/${mobilization?.id}/settings/sharing`);
  await guest.getByLabel(t('mobilizationSettings.shareTitle')).fill('Compartilhado pela Bia');
  await guest.getByRole('button', { name: t('mobilizationSettings.submit') }).click();
  await expect(guest.getByText(t('mobilizationSettings.savedToast')).first()).toBeVisible();
  await guest.reload();
  await expect(guest.getByLabel(t('mobilizationSettings.shareTitle'))).toHaveValue('Compartilhado pela Bia');

  // The link worked once.
  await guest.goto(await invitationLink(request, invitee));
  await expect(guest.getByText(t('team.invitationAccepted'))).toBeVisible();
  await invitee2.close();

  // The admin sees her in the list, as a mobilizer, and no longer among the pending invitations.
  await page.reload();
  const row = members.getByRole('row', { name: new RegExp(invitee) });
  await expect(row).toContainText('Bia');
  await expect(row.getByRole('combobox', { name: t('team.changeRoleOf', { name: 'Bia' }) })).toHaveValue(
    t('team.roleMobilizer'),
  );
  await expect(page.getByText(t('team.invitationsEmpty'))).toBeVisible();
  await expectAccessible(page, 'Mobilizadores tab with the new member');
  await page.screenshot({ path: test.info().outputPath('mobilizers-joined.png'), fullPage: true });
});

test('someone signed in with another account is told whom the link is for, switches account and joins', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const community = `Rede Troca ${Date.now().toString(36)}`;
  const admin = await seedUser(request, { firstName: 'Rosa', communities: [{ name: community }] });
  const invitee = await seedUser(request, { firstName: 'Davi' });
  const res = await request.post('/api/auth/sign_in', { data: { email: admin.email, password: admin.password } });
  expect(res.status()).toBe(200);
  const sent = await request.post(`/api/communities/${admin.communities[0]?.id}/invitation`, {
    data: { invitation: { email: invitee.email } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const link = await invitationLink(request, invitee.email);

  // Signed out, the link offers to sign in, since that address has an account.
  await page.goto(link);
  await expect(page.getByText(t('team.loginIntro', { email: invitee.email }))).toBeVisible();
  await expect(page.getByRole('link', { name: t('team.loginToJoin') })).toBeVisible();

  // Signed in as the admin, the link says whom it is for.
  await signInAs(page, admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(link);
  await expect(page.getByText(t('team.invitationOtherEmail', { email: invitee.email }))).toBeVisible();
  await expectAccessible(page, 'invitation, another account');
  await page.getByRole('button', { name: t('team.switchAccount', { email: invitee.email }) }).click();

  // Signed out, with an account for that address: the login brings them back to the link, which joins at once.
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel(t('auth.email')).fill(invitee.email);
  await page.getByLabel(t('auth.password')).fill(invitee.password);
  await page.getByRole('button', { name: t('auth.submitLogin'), exact: true }).click();
  await expect(page).toHaveURL(/\/mobilizations$/);
  await expect(page.getByText(t('team.joined', { community }))).toBeVisible();
  await page.goto('/community/mobilizers');
  const row = page.getByRole('table', { name: t('team.membersTitle') }).getByRole('row', { name: /Davi/ });
  await expect(row).toContainText(t('team.roleMobilizer'));
  // A mobilizer is not offered role 1.
  await page.getByRole('combobox', { name: t('team.role'), exact: true }).click();
  await expect(page.getByRole('option', { name: t('team.roleAdmin') })).toBeDisabled();
});

test('the invite form keeps what is typed while the lists load, and the next address typed while one is sent', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await seedUser(request, { firstName: 'Bia', communities: [{ name: 'Rede Bia' }] });
  await signInAs(page, admin, 'Rede Bia');
  // The invitations list answers only when the journey says so: what is typed must survive its arrival.
  let release = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  await page.route(/\/api\/communities\/\d+\/invitations\?/, async (route) => {
    await gate;
    await route.fallback();
  });
  hold();
  await page.goto('/community/mobilizers');
  const email = page
    .getByRole('region', { name: t('team.inviteTitle') })
    .getByRole('textbox', { name: t('team.email'), exact: true });
  const first = uniqueEmail('primeira');
  await email.fill(first);
  let listed = page.waitForResponse(/\/invitations\?/);
  release();
  await listed;
  await expect(page.getByText(t('team.invitationsEmpty'))).toBeVisible();
  await expect(email).toHaveValue(first);

  // Sent; the organiser types the next address while the list of invitations is read again.
  hold();
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/invitation$/.test(r.url()));
  await page.getByRole('button', { name: t('team.invite') }).click();
  expect((await sent).status()).toBe(201);
  await expect(email).toHaveValue('');
  const second = uniqueEmail('segunda');
  await email.fill(second);
  listed = page.waitForResponse(/\/invitations\?/);
  release();
  await listed;
  const pending = page.getByRole('table', { name: t('team.invitationsTitle') });
  await expect(pending.getByRole('row', { name: new RegExp(first) })).toBeVisible();
  await expect(email).toHaveValue(second);
  await expectAccessible(page, 'Mobilizadores tab with an address typed');
});
