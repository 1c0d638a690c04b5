import { Alert, Button, Group, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { MobilizationPage, widgetsCss } from '@mutirao/widgets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { blocksQueryKey, type EditorBlock, fetchEditorBlocks } from '../blocks/blocksApi';
import { useBlockMutations } from '../blocks/useBlockMutations';
import { useLocale } from '../i18n/useLocale';
import { DraftBanner } from '../publishing/DraftBanner';
import { draftKey } from '../publishing/publishingApi';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { NotFoundInShell } from '../shell/NotFoundPage';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { ConfirmDialog } from './content/ConfirmDialog';
import { EDITOR_CSS } from './editorCss';
import { EditorIcon } from './icons';
import { editorMobilizationKey, fetchEditorMobilization } from './pageMobilization';
import { useBlockActions } from './useBlockActions';
import { useEditorFonts, useRevealNewBlock } from './useEditorPageEffects';
import { useEditorSlots } from './useEditorSlots';
import { useWidgetEditing } from './useWidgetEditing';

/**
 * `/mobilizations/{id}/edit`: the page as visitors will see it (rendered by the shared widgets package), with the
 * block menus, the navbar's name and eye controls, the widget slots and the content editor. Every change is saved at
 * once: to the page itself before launch, to its draft after (the publishing bar above the page says which). A page with no blocks sends the organiser to block creation.
 */
export default function EditorPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const mobilizationId = Number(useParams().id);
  const mobilization = useQuery({
    queryKey: editorMobilizationKey(mobilizationId),
    queryFn: () => fetchEditorMobilization(mobilizationId),
    enabled: mobilizationId > 0,
  });
  const blocksQuery = useQuery({
    queryKey: blocksQueryKey(mobilizationId),
    queryFn: () => fetchEditorBlocks(mobilizationId),
    enabled: !!mobilization.data,
  });
  const mutations = useBlockMutations(mobilizationId);
  const widgets = useWidgetEditing(mobilizationId, mutations);
  const [announcement, setAnnouncement] = useState('');
  const blocks = blocksQuery.data;
  // Every change to the blocks changes the draft: the publishing bar asks again what is unpublished.
  const queryClient = useQueryClient();
  const blocksAt = blocksQuery.dataUpdatedAt;
  useEffect(() => {
    if (blocksAt) void queryClient.invalidateQueries({ queryKey: draftKey(mobilizationId) });
  }, [blocksAt, mobilizationId, queryClient]);
  useDocumentTitle(mobilization.data ? t('editor.page.title', { name: mobilization.data.name }) : t('app.loading'));
  useRevealNewBlock(mobilization.data, blocks);
  useEditorFonts(mobilization.data, blocks);

  const byId = useMemo(() => new Map((blocks ?? []).map((b) => [b.id, b])), [blocks]);
  const nameOf = useCallback(
    (block: { id: number; name?: string | null }) =>
      block.name?.trim() ||
      t('widgets.untitledBlock', { position: (blocks ?? []).findIndex((b) => b.id === block.id) + 1 }),
    [blocks, t],
  );
  const actions = useBlockActions(mutations, nameOf, setAnnouncement);
  const slots = useEditorSlots({ byId, nameOf, actions, mutations, widgets });

  if (mobilization.isPending || (mobilization.data && blocksQuery.isPending))
    return <LoadingScreen label={t('app.loading')} inline />;
  if (mobilization.isError || blocksQuery.isError)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('errors.pageFailed')}
      </Alert>
    );
  if (!mobilization.data) return <NotFoundInShell />;
  if (blocks && blocks.length === 0) return <Navigate to={`/mobilizations/${mobilizationId}/blocks/create`} replace />;

  const addBlock = (
    <Button
      component={Link}
      to={`/mobilizations/${mobilizationId}/blocks/create`}
      leftSection={<EditorIcon name="plus" />}
    >
      {t('editor.page.addBlock')}
    </Button>
  );

  return (
    <Stack gap="md" w="100%">
      {/* The page's own stylesheet, scoped under .mz-page: the same one the public page inlines. */}
      <style>{widgetsCss}</style>
      <style>{EDITOR_CSS}</style>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('editor.page.title', { name: mobilization.data.name })}
        </Title>
        {addBlock}
      </Group>
      <DraftBanner mobilizationId={mobilizationId} blocks={blocks as EditorBlock[]} />
      <Paper withBorder radius="md" style={{ overflow: 'clip' }}>
        <MobilizationPage
          mobilization={mobilization.data}
          blocks={blocks as EditorBlock[]}
          locale={locale}
          mode="edit"
          slots={slots}
        />
      </Paper>
      <Group justify="center" py="md">
        {addBlock}
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ConfirmDialog
        opened={!!widgets.switchTo}
        title={t('editor.content.discardTitle')}
        message={t('editor.content.discardMessage')}
        confirmLabel={t('editor.content.discard')}
        cancelLabel={t('editor.content.keepEditing')}
        danger
        onConfirm={widgets.confirmSwitch}
        onCancel={widgets.cancelSwitch}
      />
      <ConfirmDialog
        opened={!!widgets.removing}
        title={t('editor.widget.removeTitle')}
        message={t('editor.widget.removeConfirm')}
        confirmLabel={t('editor.widget.remove')}
        danger
        onConfirm={widgets.confirmRemove}
        onCancel={widgets.cancelRemove}
      />
    </Stack>
  );
}
