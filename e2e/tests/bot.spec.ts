import { translate } from '@mutirao/core';
import { expect, expectAccessible, seedUser, signInAs, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('an organiser segments the bot’s subscribers, writes a mass message with test targets, and sends it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // 30 people signed the form; 20 of them talk to the chat-bot, so 10 gave no opt-in.
  const user = await seedUser(request, {
    firstName: 'Bia',
    communities: [{ name: 'Rede Bia', formEntries: 30, botSubscribers: 20 }],
  });
  await signInAs(page, user, 'Rede Bia');
  const sidebar = page.getByRole('navigation', { name: t('sidebar.navigation') });
  await sidebar.getByRole('link', { name: t('sidebar.bot'), exact: true }).click();
  await expect(page).toHaveURL(/\/bot$/);
  await expect(page.getByRole('heading', { name: t('massMessages.title'), level: 1 })).toBeVisible();
  await expect(page.getByText(t('massMessages.campaignsEmpty'))).toBeVisible();

  // Step 0: everyone who talks to the bot, and the people left out.
  await expect(page.getByText(t('massMessages.showing', { shown: 20, total: 20 }))).toBeVisible();
  await expect(page.getByText(t('massMessages.skipped', { count: 10 }))).toBeVisible();
  const preview = page.getByTestId('bot-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(20);
  await expect(preview.getByRole('img', { name: t('massMessages.genderFemale') }).first()).toBeVisible();
  // Names in the order a Brazilian reads them ('Cícero' before 'Conceição'), and no lone '·' for an unknown gender.
  const names = (await preview.getByRole('listitem').allInnerTexts()).map(
    (text) => text.trim().split('\n').pop() ?? '',
  );
  expect(names).toEqual([...names].sort(new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }).compare));
  await expect(preview.getByText('·', { exact: true })).toHaveCount(0);
  // spec 01 §9: 577 px, or 461 px on a short screen like this 720 px one.
  expect((await preview.boundingBox())?.height).toBe(461);
  // A long preview scrolls from the keyboard too.
  const scroller = page.getByRole('region', { name: t('massMessages.previewTitle') }).locator('[tabindex="0"]');
  await scroller.focus();
  await page.keyboard.press('End');
  await expect.poll(() => scroller.evaluate((e) => e.scrollTop)).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await expect.poll(async () => (await preview.boundingBox())?.height).toBe(577);
  await expectAccessible(page, 'bot segmentation');
  await page.screenshot({ path: test.info().outputPath('bot-0-segmentation.png'), fullPage: true });

  // A filter nobody matches leaves nobody to message: next is disabled.
  const filters = page.getByRole('search', { name: t('activists.filters') });
  await filters.getByRole('checkbox', { name: t('actions.kinds.donation') }).check();
  await filters.getByRole('button', { name: t('activists.apply') }).click();
  await expect(page.getByText(t('massMessages.showing', { shown: 0, total: 0 }))).toBeVisible();
  await expect(page.getByText(t('massMessages.noRecipients'))).toBeVisible();
  const next = page.getByRole('button', { name: t('massMessages.next') });
  await expect(next).toBeDisabled();
  await filters.getByRole('checkbox', { name: t('actions.kinds.donation') }).uncheck();
  await filters.getByRole('checkbox', { name: t('actions.kinds.form') }).check();
  await filters.getByRole('button', { name: t('activists.apply') }).click();
  await expect(page.getByText(t('massMessages.showing', { shown: 20, total: 20 }))).toBeVisible();
  await next.click();

  // Step 1: the focus lands on the step's heading; the rules speak the spec's words.
  await expect(page.getByRole('heading', { name: t('massMessages.stepMessage'), level: 2 })).toBeFocused();
  const send = page.getByRole('button', { name: t('massMessages.send', { count: 20 }) });
  await send.click();
  await expect(page.getByText(t('massMessages.required'))).toHaveCount(2);
  await page.getByRole('textbox', { name: t('massMessages.quickReplyRedirect') }).fill('passo-2');
  await page.getByRole('textbox', { name: t('massMessages.name') }).fill('Convite para a assembleia');
  await page.getByRole('textbox', { name: t('massMessages.text') }).fill('Assembleia sábado às 10h na praça.');
  await send.click();
  await expect(page.getByText(t('massMessages.fill'), { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: t('massMessages.quickReplyButtonText') }).fill('Vou!');
  // Going back to the audience keeps what was typed.
  await page.getByRole('button', { name: t('massMessages.back') }).click();
  await expect(page.getByRole('heading', { name: t('massMessages.stepSegmentation'), level: 2 })).toBeFocused();
  await next.click();
  await expect(page.getByRole('textbox', { name: t('massMessages.quickReplyButtonText') })).toHaveValue('Vou!');
  await expect(page.getByRole('textbox', { name: t('massMessages.name') })).toHaveValue('Convite para a assembleia');

  // Test targets: typed one by one, added with Ctrl+Enter; a bad one is flagged and can be removed.
  const target = page.getByRole('textbox', { name: t('massMessages.targets') });
  await target.fill('fulano sem email');
  await target.press('Control+Enter');
  await expect(page.getByText(t('massMessages.targetInvalid'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('massMessages.sendTest') })).toBeDisabled();
  await target.fill('+5511987654321');
  await target.press('Control+Enter');
  await expect(target).toHaveValue('');
  // Enter alone adds nothing; Cmd+Enter does, as on a Mac.
  await target.fill('Ana <ana@example.org>');
  await target.press('Enter');
  await expect(target).toHaveValue('Ana <ana@example.org>');
  await target.press('Meta+Enter');
  await expect(target).toHaveValue('');
  const chips = page.getByRole('list', { name: t('massMessages.targetsList') });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('button', { name: t('massMessages.sendTest') })).toBeEnabled();
  await expectAccessible(page, 'bot message form');
  await page.screenshot({ path: test.info().outputPath('bot-1-message.png'), fullPage: true });
  await page.getByRole('button', { name: t('massMessages.removeTarget', { target: 'fulano sem email' }) }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(t('massMessages.targetInvalid'))).toHaveCount(0);

  // A test goes to the phone target (the sandbox records it) and to Ana, who does not talk to the bot.
  await page.getByRole('button', { name: t('massMessages.sendTest') }).click();
  await expect(page.getByText(t('massMessages.testSent')).first()).toBeVisible();
  await expect(page.getByText(t('massMessages.notSubscribed')).first()).toBeVisible();

  // Sending asks first, naming the count, with the message as a recipient sees it; Esc cancels and sends nothing.
  let enqueues = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/enqueue-mass-messages')) enqueues += 1;
  });
  await send.click();
  const confirm = page.getByRole('dialog', { name: t('massMessages.confirmTitle', { count: 20 }) });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: t('massMessages.confirmCancel') })).toBeFocused();
  const bubble = confirm.getByTestId('message-preview');
  await expect(bubble).toContainText('Assembleia sábado às 10h na praça.');
  await expect(bubble).toContainText('Vou!');
  await expectAccessible(page, 'bot send confirmation');
  await page.screenshot({ path: test.info().outputPath('bot-1-confirm.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(send).toBeFocused();
  expect(enqueues).toBe(0);
  const enqueued = page.waitForResponse((r) => r.url().endsWith('/api/enqueue-mass-messages'));
  await send.click();
  await confirm.getByRole('button', { name: t('massMessages.confirmSend') }).click();
  expect((await enqueued).status()).toBe(201);

  // Step 2: queued, with the people reached; the campaign shows in the list and is counted as it goes out.
  await expect(page.getByRole('heading', { name: t('massMessages.doneTitle'), level: 2 })).toBeFocused();
  await expect(page.getByText(t('massMessages.doneReached', { count: 20 }), { exact: false })).toBeVisible();
  const campaigns = page.getByRole('table', { name: t('massMessages.campaigns') });
  const row = campaigns.getByRole('row', { name: /Convite para a assembleia/ });
  await expect(row).toBeVisible();
  await expect(row.getByText(t('massMessages.statusSent'))).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('cell').nth(3)).toHaveText('20');
  await expect(row.getByRole('cell').nth(5)).toHaveText('10');
  await expectAccessible(page, 'bot enqueued');
  await page.screenshot({ path: test.info().outputPath('bot-2-done.png'), fullPage: true });
  await row
    .getByRole('button', { name: t('massMessages.showMessages', { name: 'Convite para a assembleia' }) })
    .click();
  const dialog = page.getByRole('dialog', {
    name: t('massMessages.sandboxTitle', { name: 'Convite para a assembleia' }),
  });
  await expect(dialog.getByRole('row')).toHaveCount(21);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: t('massMessages.again') }).click();
  await expect(page.getByRole('heading', { name: t('massMessages.stepSegmentation'), level: 2 })).toBeFocused();
});

test('the campaign list shows each mass message with its counts, and what the sandbox recorded', async ({
  page,
  request,
}) => {
  // 6 people, 4 talk to the bot: the seeded campaign sent 3, failed 1 and skipped 2.
  const user = await seedUser(request, {
    firstName: 'Caio',
    communities: [{ name: 'Rede Caio', formEntries: 6, botSubscribers: 4, botCampaign: 'Mutirão de sábado' }],
  });
  await signInAs(page, user, 'Rede Caio');
  await page.goto('/bot');
  const campaigns = page.getByRole('table', { name: t('massMessages.campaigns') });
  const row = campaigns.getByRole('row', { name: /Mutirão de sábado/ });
  await expect(row).toBeVisible();
  await expect(row.getByText(t('massMessages.statusSent'))).toBeVisible();
  const cells = row.getByRole('cell');
  await expect(cells.nth(3)).toHaveText('3');
  await expect(cells.nth(4)).toHaveText('1');
  await expect(cells.nth(5)).toHaveText('2');
  await expect(cells.nth(6)).toHaveText('0');
  await expectAccessible(page, 'bot campaign list');
  await page.screenshot({ path: test.info().outputPath('bot-campaigns.png'), fullPage: true });

  // The name opens what the sandbox recorded (nothing for a seeded campaign; nothing at all without the sandbox).
  await row.getByRole('button', { name: t('massMessages.showMessages', { name: 'Mutirão de sábado' }) }).click();
  const dialog = page.getByRole('dialog', { name: t('massMessages.sandboxTitle', { name: 'Mutirão de sábado' }) });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(
      new RegExp(`${t('massMessages.sandboxEmpty')}|${t('massMessages.sandboxUnavailable')}`.replace(/[().]/g, '\\$&')),
    ),
  ).toBeVisible();
  await expectAccessible(page, 'bot sandbox messages');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    row.getByRole('button', { name: t('massMessages.showMessages', { name: 'Mutirão de sábado' }) }),
  ).toBeFocused();
});
