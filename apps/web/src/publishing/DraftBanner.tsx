import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { renderMessage } from '@mutirao/core';
import { widgetModule } from '@mutirao/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import type { EditorBlock } from '../blocks/blocksApi';
import { useCommunityDates } from '../communities/useCommunityDates';
import { useLocale } from '../i18n/useLocale';
import { ChangeList } from './ChangeList';
import {
  type DraftState,
  dismissScheduleFailure,
  draftKey,
  fetchDraft,
  publishDraft,
  saveSchedule,
} from './publishingApi';
import { ScheduleDialog } from './ScheduleDialog';

/** 'Widget de Formulário no bloco “Topo”: …' for each widget a publication refused, from the editor's blocks. */
function useWidgetProblem(blocks: EditorBlock[]) {
  const { t } = useTranslation();
  return (widgetId: number, kind: string | undefined, blockName: string | null | undefined, reasons: string[]) => {
    const block = blocks.find((b) => b.widgets.some((w) => w.id === widgetId));
    const widget = block?.widgets.find((w) => w.id === widgetId);
    const module = widgetModule((kind ?? widget?.kind) as never);
    return t('publishing.invalidWidget', {
      kind: module ? t(module.labelKey) : (kind ?? ''),
      block: blockName ?? block?.name?.trim() ?? t('publishing.unnamedBlock'),
      reason: reasons.join(' '),
    });
  };
}

/** The widgets a refused publication named (`widgets.{id}.settings.{key}`), one line each. */
function refusalLines(error: ApiError, problem: ReturnType<typeof useWidgetProblem>): string[] {
  const byWidget = new Map<number, string[]>();
  for (const [key, messages] of Object.entries(error.fields)) {
    const id = Number(/^widgets\.(\d+)\./.exec(key)?.[1]);
    if (id) byWidget.set(id, [...(byWidget.get(id) ?? []), ...messages]);
  }
  return [...byWidget].map(([id, reasons]) => problem(id, undefined, undefined, reasons));
}

/**
 * The editor's publishing bar (issue 34). Before launch, edits are the page, and it says so. Once launched: whether
 * the draft differs from what visitors see, what changed, 'Publicar alterações', the schedule with a way to cancel
 * each time, the notice of a scheduled publication that failed, and the way to the history.
 */
export function DraftBanner({ mobilizationId, blocks }: { mobilizationId: number; blocks: EditorBlock[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { dateTime } = useCommunityDates();
  const draft = useQuery({ queryKey: draftKey(mobilizationId), queryFn: () => fetchDraft(mobilizationId) });
  const [showChanges, setShowChanges] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [news, setNews] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const changesId = useId();
  const problem = useWidgetProblem(blocks);
  const settle = (state: DraftState, message: string) => {
    queryClient.setQueryData(draftKey(mobilizationId), state);
    void queryClient.invalidateQueries({ queryKey: ['mobilization', mobilizationId, 'revisions'] });
    setNews(message);
  };
  const publish = useMutation({
    mutationFn: () => publishDraft(mobilizationId),
    onSuccess: (state) => {
      settle(state, t('publishing.published'));
      setShowChanges(false);
      // The button is gone with the changes: the news takes the focus.
      heading.current?.focus();
    },
    meta: { showsErrors: 'refusals' },
  });
  const cancel = useMutation({
    mutationFn: (key: 'publish_at' | 'unpublish_at') => saveSchedule(mobilizationId, { [key]: null }),
    onSuccess: (state) => settle(state, t('publishing.scheduleCancelled')),
  });
  const dismiss = useMutation({
    mutationFn: () => dismissScheduleFailure(mobilizationId),
    onSuccess: (state) => settle(state, ''),
  });

  const state = draft.data;
  if (!state) return null;
  const refusal = publish.error instanceof ApiError && publish.error.kind === 'response' ? publish.error : undefined;
  const failure = state.schedule_failure;
  const scheduled = (['publish_at', 'unpublish_at'] as const).filter((key) => state[key]);

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`${changesId}-title`}
      data-publishing-bar=""
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 18rem' }}>
            <Title
              order={2}
              size="h4"
              id={`${changesId}-title`}
              ref={heading}
              tabIndex={-1}
              style={{ outline: 'none' }}
            >
              {state.launched && state.has_changes ? t('publishing.draftChanged') : t('publishing.draftClean')}
            </Title>
            <Text size="sm" c="dimmed">
              {!state.launched
                ? t('publishing.notLaunched')
                : state.has_changes
                  ? t('publishing.draftChangedHelp')
                  : t('publishing.draftCleanHelp')}
            </Text>
          </Stack>
          <Group gap="xs">
            {state.launched && state.has_changes && (
              <Button onClick={() => publish.mutate()} loading={publish.isPending}>
                {t('publishing.publish')}
              </Button>
            )}
            <Button variant="default" onClick={() => setScheduling(true)}>
              {t('publishing.schedule')}
            </Button>
            <Button variant="default" component={Link} to={`/mobilizations/${mobilizationId}/history`}>
              {t('publishing.history')}
            </Button>
          </Group>
        </Group>
        {state.launched && state.has_changes && (
          <div>
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-expanded={showChanges}
              aria-controls={changesId}
              onClick={() => setShowChanges((v) => !v)}
            >
              {showChanges ? t('publishing.hideChanges') : t('publishing.showChanges')}{' '}
              <Badge variant="light" color="gray" component="span">
                {t('publishing.changesCount', { count: state.changes.length })}
              </Badge>
            </Anchor>
            <div id={changesId}>
              {showChanges && (
                <Stack gap={4} mt="xs">
                  <Text fw={600} size="sm">
                    {t('publishing.changesTitle')}
                  </Text>
                  <ChangeList changes={state.changes} empty="" label={t('publishing.changesTitle')} />
                </Stack>
              )}
            </div>
          </div>
        )}
        {scheduled.map((key) => (
          <Group key={key} gap="sm">
            <Text size="sm">
              {t(key === 'publish_at' ? 'publishing.scheduledPublish' : 'publishing.scheduledUnpublish', {
                date: dateTime(state[key] as string),
              })}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => cancel.mutate(key)}
              loading={cancel.isPending && cancel.variables === key}
            >
              {t('publishing.scheduleCancel')}
            </Button>
          </Group>
        ))}
        {failure && (
          <Alert color="danger" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('publishing.scheduleFailed', { date: dateTime(failure.due_at) })}</Text>
              <List size="sm">
                {failure.widgets.map((w) => (
                  <List.Item key={w.widget_id}>
                    {problem(
                      w.widget_id,
                      w.kind,
                      w.block_name,
                      Object.values(w.fields)
                        .flat()
                        .map((m) => renderMessage(locale, m)),
                    )}
                  </List.Item>
                ))}
              </List>
              <Button variant="default" size="compact-sm" onClick={() => dismiss.mutate()}>
                {t('publishing.scheduleFailedDismiss')}
              </Button>
            </Stack>
          </Alert>
        )}
        {refusal && (
          <Alert color="danger" variant="light" role="alert">
            <Stack gap="xs">
              <Text size="sm">{refusal.fields.base?.join(' ') ?? refusal.messages.join(' ')}</Text>
              <List size="sm">
                {refusalLines(refusal, problem).map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
        <Text size="sm" role="status" aria-live="polite" c="success.9">
          {news}
        </Text>
      </Stack>
      {scheduling && (
        <ScheduleDialog
          state={state}
          opened={scheduling}
          onClose={() => setScheduling(false)}
          onSaved={(message) => {
            setScheduling(false);
            setNews(message);
          }}
        />
      )}
    </Paper>
  );
}
