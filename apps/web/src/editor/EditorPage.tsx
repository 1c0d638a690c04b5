import { Alert, Button, Group, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { contentOfSettings, emptyDocument, serializeContent, translate } from '@mutirao/core';
import { type EditorSlots, MobilizationPage, widgetModule, widgetsCss } from '@mutirao/widgets';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { blocksQueryKey, type EditorBlock, fetchEditorBlocks } from '../blocks/blocksApi';
import type { WidgetData, WidgetKind } from '../blocks/types';
import { useBlockMutations } from '../blocks/useBlockMutations';
import { useLocale } from '../i18n/useLocale';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { NotFoundInShell } from '../shell/NotFoundPage';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { isEditable, isEditedInPlace, widgetSettingsPath } from '../widgets/kinds';
import { type BlockActions, BlockMenu } from './BlockMenu';
import { ConfirmDialog } from './content/ConfirmDialog';
import { ContentWidgetEditor } from './content/ContentWidgetEditor';
import { DraftChooser } from './DraftChooser';
import { loadFontFamily, loadFontsOf } from './fonts/loadFont';
import { EditorIcon } from './icons';
import { NavItemEditor } from './NavItemEditor';
import { editorMobilizationKey, fetchEditorMobilization } from './pageMobilization';
import { revealBlock } from './revealBlock';
import { WidgetActions } from './WidgetActions';

/**
 * Editor-only touches over the page stylesheet. A hidden block is marked by its tag and a dashed frame rather than
 * by fading it: faded text and controls fall below WCAG contrast. (Hidden blocks never reach the public page, so
 * this cannot make the two renderings differ.)
 */
const EDITOR_CSS = `
.mz-page--edit .mz-block--hidden>.mz-block__inner{opacity:1}
.mz-page--edit .mz-block--hidden{outline:3px dashed #595959;outline-offset:-3px}
`;

/**
 * `/mobilizations/{id}/edit`: the page as visitors will see it (rendered by the shared widgets package), with the
 * block menus, the navbar's name and eye controls, the widget slots and the content editor. Every change is saved at
 * once. A page with no blocks sends the organiser to block creation.
 */
export default function EditorPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const mobilizationId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
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
  const [editing, setEditing] = useState<number>();
  const [removing, setRemoving] = useState<WidgetData>();
  const editingDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    editingDirty.current = dirty;
  }, []);
  /** A widget to open once the organiser agrees to drop the unsaved text of the one being edited. */
  const [switchTo, setSwitchTo] = useState<{ id: number; kind: string }>();
  const [announcement, setAnnouncement] = useState('');
  const revealedNew = useRef(false);
  const blocks = blocksQuery.data;
  useDocumentTitle(mobilization.data ? t('editor.page.title', { name: mobilization.data.name }) : t('app.loading'));

  const byId = useMemo(() => new Map((blocks ?? []).map((b) => [b.id, b])), [blocks]);
  const nameOf = useCallback(
    (block: { id: number; name?: string | null }) =>
      block.name?.trim() ||
      t('widgets.untitledBlock', { position: (blocks ?? []).findIndex((b) => b.id === block.id) + 1 }),
    [blocks, t],
  );

  // After "Adicionar" on the block screen: show the new block, which is the last one (spec 01 §2). The blocks may be
  // known (from the block screen) before the page itself has loaded: wait for the page.
  useEffect(() => {
    if (!mobilization.data || !blocks?.length || revealedNew.current || params.get('newBlock') !== 'true') return;
    revealedNew.current = true;
    const last = blocks[blocks.length - 1];
    if (last) revealBlock(last.id);
    setParams(
      (p) => {
        p.delete('newBlock');
        return p;
      },
      { replace: true },
    );
  }, [blocks, mobilization.data, params, setParams]);

  // Texts in the editor show in their own fonts, downloaded on demand.
  useEffect(() => {
    if (mobilization.data?.body_font) void loadFontFamily(mobilization.data.body_font);
    if (mobilization.data?.header_font) void loadFontFamily(mobilization.data.header_font);
    for (const block of blocks ?? []) {
      for (const widget of block.widgets)
        if (widget.kind === 'content') loadFontsOf(contentOfSettings(widget.settings).document);
    }
  }, [blocks, mobilization.data]);

  const actions: BlockActions = useMemo(
    () => ({
      duplicate: async (block) => {
        const created = await mutations.duplicateBlock(block);
        if (created) {
          setAnnouncement(t('editor.block.duplicated', { name: nameOf(block) }));
          revealBlock(created.id);
        }
      },
      setBackground: (block, background) => void mutations.updateBlock(block.id, background),
      toggleHidden: (block) => {
        setAnnouncement(
          block.hidden
            ? t('editor.block.shown', { name: nameOf(block) })
            : t('editor.block.hidden', { name: nameOf(block) }),
        );
        void mutations.updateBlock(block.id, { hidden: !block.hidden });
      },
      remove: (block) => {
        setAnnouncement(t('editor.block.removed', { name: nameOf(block) }));
        void mutations.removeBlock(block.id);
      },
      move: (block, direction) => {
        setAnnouncement(
          direction < 0
            ? t('editor.block.movedUp', { name: nameOf(block) })
            : t('editor.block.movedDown', { name: nameOf(block) }),
        );
        void mutations.moveBlock(block.id, direction);
      },
    }),
    [mutations, nameOf, t],
  );

  const openWidget = useCallback(
    (widget: { id: number; kind: string }, force = false) => {
      if (!force && editing !== undefined && editing !== widget.id && editingDirty.current) {
        setSwitchTo({ id: widget.id, kind: widget.kind });
        return;
      }
      if (isEditedInPlace(widget.kind)) {
        setEditing(widget.id);
        return;
      }
      const path = widgetSettingsPath(widget.kind, mobilizationId, widget.id);
      if (path) navigate(path);
      else
        notifications.show({
          message: t('editor.widget.settingsLater'),
          color: 'brand.7',
          withBorder: true,
          closeButtonProps: { 'aria-label': t('app.close') },
        });
    },
    [editing, mobilizationId, navigate, t],
  );

  /** Leaves the text editor and gives the focus back to the widget's 'Editar' button, where a keyboard user was. */
  const closeEditor = useCallback(
    (widget: { id: number; kind: string }) => {
      setEditing(undefined);
      const module = widgetModule(widget.kind);
      const name = t('editor.widget.editNamed', { kind: module ? translate(locale, module.labelKey) : widget.kind });
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`[data-widget-id="${widget.id}"] button[aria-label="${CSS.escape(name)}"]`)
          ?.focus(),
      );
    },
    [locale, t],
  );

  const chooseKind = useCallback(
    async (widget: { id: number }, kind: WidgetKind) => {
      const settings = kind === 'content' ? { content: serializeContent(emptyDocument()) } : {};
      const saved = await mutations.updateWidget(widget.id, { kind, settings });
      if (saved) openWidget({ id: widget.id, kind });
    },
    [mutations, openWidget],
  );

  const slots: EditorSlots = useMemo(
    () => ({
      renderBlockMenu: (block, index, count) => {
        const full = byId.get(block.id);
        return full ? (
          <BlockMenu block={full} name={nameOf(full)} index={index} count={count} actions={actions} />
        ) : null;
      },
      renderNavItem: (block) => {
        const full = byId.get(block.id);
        return full ? (
          <NavItemEditor
            block={full}
            displayName={nameOf(full)}
            rename={(b, name) => void mutations.updateBlock(b.id, { name })}
            toggleMenuHidden={(b) => void mutations.updateBlock(b.id, { menu_hidden: !b.menu_hidden })}
          />
        ) : null;
      },
      renderDraft: (widget, block) => {
        const full = byId.get(block.id);
        const column = (full?.widgets.findIndex((w) => w.id === widget.id) ?? 0) + 1;
        return (
          <DraftChooser
            label={t('editor.widget.column', { column, name: full ? nameOf(full) : '' })}
            disabled={widget.id < 0}
            onChoose={(kind) => void chooseKind(widget, kind)}
          />
        );
      },
      renderWidget: (widget, block, view) => {
        if (widget.id !== editing || widget.kind !== 'content') return undefined;
        return (
          <ContentWidgetEditor
            key={widget.id}
            settings={widget.settings}
            label={t('editor.content.label', { name: nameOf(block) })}
            onSave={(content) =>
              mutations.updateWidget(widget.id, {
                settings: { ...((widget.settings as Record<string, unknown>) ?? {}), content },
              })
            }
            onClose={() => closeEditor(widget)}
            preview={view}
            onDirtyChange={onDirtyChange}
          />
        );
      },
      renderWidgetActions: (widget) => {
        const module = widgetModule(widget.kind);
        const kindLabel = module ? translate(locale, module.labelKey) : widget.kind;
        return (
          <WidgetActions
            kindLabel={kindLabel}
            canEdit={isEditable(widget.kind)}
            onEdit={() => openWidget(widget)}
            onRemove={() => {
              const full = byId.get(widget.block_id ?? 0)?.widgets.find((w) => w.id === widget.id);
              if (full) setRemoving(full);
            }}
          />
        );
      },
      onWidgetClick: (widget) => openWidget(widget),
    }),
    [actions, byId, chooseKind, closeEditor, editing, locale, mutations, nameOf, onDirtyChange, openWidget, t],
  );

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
        opened={!!switchTo}
        title={t('editor.content.discardTitle')}
        message={t('editor.content.discardMessage')}
        confirmLabel={t('editor.content.discard')}
        cancelLabel={t('editor.content.keepEditing')}
        danger
        onConfirm={() => {
          const next = switchTo;
          setSwitchTo(undefined);
          if (next) openWidget(next, true);
        }}
        onCancel={() => setSwitchTo(undefined)}
      />
      <ConfirmDialog
        opened={!!removing}
        title={t('editor.widget.removeTitle')}
        message={t('editor.widget.removeConfirm')}
        confirmLabel={t('editor.widget.remove')}
        danger
        onConfirm={() => {
          if (removing) {
            if (editing === removing.id) setEditing(undefined);
            void mutations.updateWidget(removing.id, { kind: 'draft', settings: {} });
          }
          setRemoving(undefined);
        }}
        onCancel={() => setRemoving(undefined)}
      />
    </Stack>
  );
}
