import { formatDateTime, localInputValue, translate } from '@mutirao/core';
import { addBlock, content, DESKTOP, PHONE } from './campaignPage';
import { expect, expectAccessible, organiserWithPage, test } from './fixtures';

const t = (key: string, params?: Record<string, string | number>) => translate('pt-BR', key, params);

test('a launched page keeps visitors on the published version until the organiser publishes, and schedules', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize(DESKTOP);
  const { mobilization } = await organiserWithPage(page, request, {
    firstName: 'Rosa',
    community: { name: 'Rede Rosa', city: 'Olinda' },
    page: { name: 'Tarifa zero em Olinda', goal: 'Ônibus de graça aos domingos.', slugPrefix: 'tarifa-rosa' },
  });
  await addBlock(page.request, mobilization.id, 'Quem somos', content('Um coletivo pela tarifa zero'));
  const blocks = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/blocks`)).json()) as {
    id: number;
  }[];
  const editor = `/mobilizations/${mobilization.id}/edit`;

  // Before launch the editor's changes are the page, and the bar says so.
  await page.goto(editor);
  await expect(page.getByText(t('publishing.notLaunched'))).toBeVisible();

  // Launched (what the wizard's last step does): now everything is published.
  expect((await page.request.post(`/api/mobilizations/${mobilization.id}/publish`)).status()).toBe(200);
  await page.reload();
  const bar = page.getByRole('region', { name: t('publishing.draftClean') });
  await expect(bar.getByText(t('publishing.draftCleanHelp'))).toBeVisible();
  await expectAccessible(page, 'editor, everything published');

  // An edit waits in the draft: the visitor still sees the published block.
  const renamed = await page.request.put(`/api/blocks/${blocks[0]?.id}`, {
    data: { block: { name: 'Quem somos nós' } },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const visitor = await browser.newPage();
  const port = new URL(page.url()).port;
  const publicUrl = `http://${mobilization.slug}.localhost:${port}/`;
  await visitor.goto(publicUrl);
  await expect(visitor.getByRole('link', { name: 'Quem somos', exact: true })).toHaveCount(1);
  await expect(visitor.getByText('Quem somos nós')).toHaveCount(0);

  await page.reload();
  const draft = page.getByRole('region', { name: t('publishing.draftChanged') });
  await expect(draft.getByText(t('publishing.draftChangedHelp'))).toBeVisible();
  const disclosure = draft.getByRole('button', { name: new RegExp(t('publishing.showChanges')) });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await disclosure.click();
  await expect(draft.getByRole('button', { name: new RegExp(t('publishing.hideChanges')) })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(
    draft.getByRole('listitem').filter({
      hasText: t('publishing.change_block_edited', { block: 'Quem somos nós', fields: t('publishing.field_name') }),
    }),
  ).toBeVisible();
  await expectAccessible(page, 'editor, unpublished changes listed');
  await page.screenshot({ path: test.info().outputPath('publishing-draft-desktop.png'), fullPage: true });

  await draft.getByRole('button', { name: t('publishing.publish') }).click();
  await expect(page.getByRole('heading', { name: t('publishing.draftClean') })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: t('publishing.published') })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('Quem somos nós').first()).toBeVisible();

  // Scheduling: a time in the past is refused under its field; a future one is saved, shown and cancellable.
  await page.getByRole('button', { name: t('publishing.schedule') }).click();
  const dialog = page.getByRole('dialog', { name: t('publishing.scheduleTitle') });
  const publishAt = dialog.getByLabel(t('publishing.publishAt'), { exact: true });
  await expect(publishAt).toBeFocused();
  await publishAt.fill('2020-01-01T08:00');
  await dialog.getByRole('button', { name: t('publishing.scheduleSave') }).click();
  await expect(publishAt).toHaveAccessibleDescription(new RegExp(t('publishing.inThePast')));
  await expectAccessible(page, 'schedule dialog with an error');
  await dialog
    .getByRole('button', { name: new RegExp(t('publishing.scheduleClear')) })
    .first()
    .click();
  await expect(publishAt).toHaveValue('');
  const day = localInputValue(new Date(Date.now() + 86_400_000), 'America/Sao_Paulo').slice(0, 10);
  await publishAt.fill(`${day}T08:00`);
  await dialog.getByLabel(t('publishing.unpublishAt')).fill(`${day}T20:00`);
  await dialog.getByRole('button', { name: t('publishing.scheduleSave') }).click();
  await expect(dialog).toBeHidden();
  const when = (time: string) => formatDateTime(`${day}T${time}:00-03:00`, 'America/Sao_Paulo');
  const publishLine = page.getByText(t('publishing.scheduledPublish', { date: when('08:00') }));
  const unpublishLine = page.getByText(t('publishing.scheduledUnpublish', { date: when('20:00') }));
  await expect(publishLine).toBeVisible();
  await expect(unpublishLine).toBeVisible();
  const stored = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/draft`)).json()) as {
    publish_at: string;
  };
  expect(stored.publish_at).toBe(new Date(`${day}T08:00:00-03:00`).toISOString());

  // At phone width the bar wraps, and stays usable and accessible.
  await page.setViewportSize(PHONE);
  await expectAccessible(page, 'editor at 390 px with a schedule');
  await page.screenshot({ path: test.info().outputPath('publishing-phone.png'), fullPage: true });
  // Each time is cancelled on its own.
  await page
    .getByRole('button', { name: t('publishing.scheduleCancel') })
    .last()
    .click();
  await expect(unpublishLine).toHaveCount(0);
  await expect(publishLine).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t('publishing.scheduleCancelled') })).toBeVisible();

  // The list shows the schedule too, and its menu cancels it.
  await page.setViewportSize(DESKTOP);
  await page.goto('/mobilizations');
  const row = page.getByRole('listitem').filter({ hasText: 'Tarifa zero em Olinda' });
  await expect(row.getByText(t('publishing.scheduledPublish', { date: when('08:00') }))).toBeVisible();
  await expectAccessible(page, 'mobilization list with a schedule');
  await row.getByRole('button', { name: t('mobilizationList.moreActions', { name: 'Tarifa zero em Olinda' }) }).click();
  await page.getByRole('menuitem', { name: t('publishing.scheduleCancel') }).click();
  await expect(row.getByText(t('publishing.scheduledPublish', { date: when('08:00') }))).toHaveCount(0);
  const cleared = (await (await page.request.get(`/api/mobilizations/${mobilization.id}/draft`)).json()) as {
    publish_at: string | null;
  };
  expect(cleared.publish_at).toBeNull();
  expect(errors).toEqual([]);
  await visitor.close();
});
