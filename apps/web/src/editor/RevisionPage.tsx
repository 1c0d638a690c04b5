import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { MobilizationPage, widgetsCss } from '@mutirao/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { refusalMessage } from '../api/client';
import type { EditorBlock } from '../blocks/blocksApi';
import { useCommunityDates } from '../communities/useCommunityDates';
import { useLocale } from '../i18n/useLocale';
import { ChangeList } from '../publishing/ChangeList';
import { isNotFound, LoadFailed } from '../publishing/history';
import { fetchRevision, restoreRevision, revisionKey } from '../publishing/publishingApi';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TitledPage } from '../shell/layouts/TitledPage';
import { NotFoundInShell } from '../shell/NotFoundPage';
import { showSuccess } from '../shell/toasts';
import { ConfirmDialog } from './content/ConfirmDialog';
import { EDITOR_CSS } from './editorCss';
import { editorMobilizationKey, fetchEditorMobilization } from './pageMobilization';
import { useEditorFonts } from './useEditorPageEffects';

/**
 * `/mobilizations/{id}/history/{number}` (issue 34; the list is `publishing/HistoryPage`): one revision read-only, drawn as the editor draws the page but
 * with nothing to edit (no slots, and `inert`, so its forms take no input or focus), what the current draft changes
 * from it, and 'Restaurar', which makes it the draft after a confirmation and goes on in the editor.
 */
export default function RevisionPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { dateTime } = useCommunityDates();
  const params = useParams();
  const mobilizationId = Number(params.id);
  const number = Number(params.number);
  const valid = Number.isInteger(mobilizationId) && mobilizationId > 0 && Number.isInteger(number) && number > 0;
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const restoreButton = useRef<HTMLButtonElement>(null);

  const mobilization = useQuery({
    queryKey: editorMobilizationKey(mobilizationId),
    queryFn: () => fetchEditorMobilization(mobilizationId),
    enabled: valid,
  });
  const detail = useQuery({
    queryKey: revisionKey(mobilizationId, number),
    queryFn: () => fetchRevision(mobilizationId, number),
    enabled: valid,
    meta: { showsErrors: 'refusals' },
  });
  const blocks = detail.data?.blocks as EditorBlock[] | undefined;
  useEditorFonts(mobilization.data, blocks);

  const restore = useMutation({
    mutationFn: () => restoreRevision(mobilizationId, number),
    meta: { showsErrors: 'refusals' },
    onMutate: () => setRefusal(undefined),
    onSuccess: async () => {
      // The draft, its blocks and widgets, and every comparison with it have changed.
      await queryClient.invalidateQueries({ queryKey: ['mobilization', mobilizationId] });
      showSuccess(t('publishing.restored', { number }));
      navigate(`/mobilizations/${mobilizationId}/edit`);
    },
    onError: (error) => {
      setConfirming(false);
      setRefusal(refusalMessage(error));
    },
  });

  const title = t('publishing.revision', { number });
  if (!valid || isNotFound(detail.error) || (mobilization.isSuccess && !mobilization.data)) return <NotFoundInShell />;
  if (mobilization.isPending || detail.isPending)
    return (
      <TitledPage title={title}>
        <LoadingScreen label={t('app.loading')} inline />
      </TitledPage>
    );
  if (mobilization.isError || detail.isError || !mobilization.data)
    return (
      <TitledPage title={title}>
        <LoadFailed
          onRetry={() => {
            if (mobilization.isError) void mobilization.refetch();
            if (detail.isError) void detail.refetch();
          }}
        />
      </TitledPage>
    );

  const { revision, changes_to_draft } = detail.data;
  const closeDialog = () => {
    setConfirming(false);
    // Mantine gives the focus back too; saying so keeps it on the button when the dialog closes from within.
    requestAnimationFrame(() => restoreButton.current?.focus());
  };

  return (
    <TitledPage
      title={title}
      description={mobilization.data.name}
      actions={
        <Button ref={restoreButton} onClick={() => setConfirming(true)}>
          {t('publishing.restore')}
        </Button>
      }
      below={
        <Group gap="lg">
          {detail.data.live && (
            <Badge color="success" variant="light">
              {t('publishing.live')}
            </Badge>
          )}
          <Anchor component={Link} to={`/mobilizations/${mobilizationId}/history`}>
            {t('publishing.backToHistory')}
          </Anchor>
          <Anchor component={Link} to={`/mobilizations/${mobilizationId}/edit`}>
            {t('publishing.backToEditor')}
          </Anchor>
        </Group>
      }
    >
      {/* A fact about the screen, not news: Mantine's default role (alert) would announce it on every visit. */}
      <Alert color="blue" variant="light" role="note">
        {t('publishing.readOnly', { number, date: dateTime(revision.published_at) })}
      </Alert>
      {refusal && (
        <Alert color="danger" variant="light" role="alert" withCloseButton onClose={() => setRefusal(undefined)}>
          {refusal}
        </Alert>
      )}
      <Stack component="section" gap="xs" aria-labelledby="revision-compare-title">
        <Title order={2} size="h3" id="revision-compare-title">
          {t('publishing.compareTitle')}
        </Title>
        <ChangeList
          changes={changes_to_draft}
          empty={t('publishing.compareEmpty')}
          label={t('publishing.compareTitle')}
        />
      </Stack>
      <Stack component="section" gap="xs" aria-labelledby="revision-page-title">
        <Title order={2} size="h3" id="revision-page-title">
          {t('publishing.revisionPage')}
        </Title>
        {/* The page's own stylesheet, scoped under .mz-page, and the editor's marks for hidden blocks. */}
        <style>{widgetsCss}</style>
        <style>{EDITOR_CSS}</style>
        <Paper withBorder radius="md" style={{ overflow: 'clip' }}>
          <div inert data-revision-page={revision.number}>
            <MobilizationPage
              mobilization={mobilization.data}
              blocks={detail.data.blocks as EditorBlock[]}
              locale={locale}
              mode="edit"
            />
          </div>
        </Paper>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('publishing.restoreTitle', { number })}
        message={t('publishing.restoreConfirm', { number })}
        confirmLabel={restore.isPending ? t('publishing.restoring') : t('publishing.restore')}
        cancelLabel={t('publishing.cancel')}
        busy={restore.isPending}
        onConfirm={() => restore.mutate()}
        onCancel={closeDialog}
      />
    </TitledPage>
  );
}
