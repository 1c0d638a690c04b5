import { translate } from '@mutirao/core';
import { type EditorSlots, widgetModule } from '@mutirao/widgets';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorBlock } from '../blocks/blocksApi';
import type { useBlockMutations } from '../blocks/useBlockMutations';
import { useLocale } from '../i18n/useLocale';
import { isEditable } from '../widgets/kinds';
import { type BlockActions, BlockMenu } from './BlockMenu';
import { ContentWidgetEditor } from './content/ContentWidgetEditor';
import { DraftChooser } from './DraftChooser';
import { NavItemEditor } from './NavItemEditor';
import type { WidgetEditing } from './useWidgetEditing';
import { WidgetActions } from './WidgetActions';

interface SlotsInput {
  byId: Map<number, EditorBlock>;
  nameOf(block: { id: number; name?: string | null }): string;
  actions: BlockActions;
  mutations: ReturnType<typeof useBlockMutations>;
  widgets: WidgetEditing;
}

/**
 * What the editor puts into the shared page rendering: the block menus, the navbar's name and eye controls, the
 * kind chooser of an empty column, the content editor in place and each widget's actions.
 */
export function useEditorSlots({ byId, nameOf, actions, mutations, widgets }: SlotsInput): EditorSlots {
  const { t } = useTranslation();
  const locale = useLocale();
  const { editing, openWidget, closeEditor, chooseKind, onDirtyChange, askRemove } = widgets;
  return useMemo(
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
              if (full) askRemove(full);
            }}
          />
        );
      },
      onWidgetClick: (widget) => openWidget(widget),
    }),
    [
      actions,
      byId,
      chooseKind,
      closeEditor,
      editing,
      locale,
      mutations,
      nameOf,
      onDirtyChange,
      openWidget,
      askRemove,
      t,
    ],
  );
}
