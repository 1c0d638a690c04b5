import { notifications } from '@mantine/notifications';
import { translate } from '@mutirao/core';
import { widgetModule } from '@mutirao/widgets';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WidgetData, WidgetKind } from '../blocks/types';
import type { useBlockMutations } from '../blocks/useBlockMutations';
import { useLocale } from '../i18n/useLocale';
import { isEditedInPlace, widgetSettingsPath } from '../widgets/kinds';

type Mutations = ReturnType<typeof useBlockMutations>;
type WidgetRef = { id: number; kind: string };

/**
 * Which widget the page editor has open, and the ways in and out: opening one (in place, or its settings screen),
 * switching away from unsaved text only once the organiser agrees, choosing a draft's kind, and removing a widget.
 */
export function useWidgetEditing(mobilizationId: number, mutations: Mutations) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<number>();
  const [removing, setRemoving] = useState<WidgetData>();
  const editingDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    editingDirty.current = dirty;
  }, []);
  /** A widget to open once the organiser agrees to drop the unsaved text of the one being edited. */
  const [switchTo, setSwitchTo] = useState<WidgetRef>();

  const openWidget = useCallback(
    (widget: WidgetRef, force = false) => {
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
    (widget: WidgetRef) => {
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

  // Sent without settings: the server gives the kind its defaults in the page's language (a sample text, a form's
  // first fields, five amounts…), so the widget works at once and every tab saves as it opens.
  const chooseKind = useCallback(
    async (widget: { id: number }, kind: WidgetKind) => {
      const saved = await mutations.updateWidget(widget.id, { kind });
      if (saved) openWidget({ id: widget.id, kind });
    },
    [mutations, openWidget],
  );

  const confirmSwitch = () => {
    const next = switchTo;
    setSwitchTo(undefined);
    if (next) openWidget(next, true);
  };

  const confirmRemove = () => {
    if (removing) {
      if (editing === removing.id) setEditing(undefined);
      void mutations.updateWidget(removing.id, { kind: 'draft', settings: {} });
    }
    setRemoving(undefined);
  };

  return {
    editing,
    onDirtyChange,
    openWidget,
    closeEditor,
    chooseKind,
    switchTo,
    cancelSwitch: () => setSwitchTo(undefined),
    confirmSwitch,
    removing,
    askRemove: setRemoving,
    cancelRemove: () => setRemoving(undefined),
    confirmRemove,
  };
}

export type WidgetEditing = ReturnType<typeof useWidgetEditing>;
