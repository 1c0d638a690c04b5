import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorBlock } from '../blocks/blocksApi';
import type { useBlockMutations } from '../blocks/useBlockMutations';
import type { BlockActions } from './BlockMenu';
import { revealBlock } from './revealBlock';

/** The block menu's actions: each one saved at once and announced to screen readers through `announce`. */
export function useBlockActions(
  mutations: ReturnType<typeof useBlockMutations>,
  nameOf: (block: EditorBlock) => string,
  announce: (text: string) => void,
): BlockActions {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      duplicate: async (block) => {
        const created = await mutations.duplicateBlock(block);
        if (created) {
          announce(t('editor.block.duplicated', { name: nameOf(block) }));
          revealBlock(created.id);
        }
      },
      setBackground: (block, background) => void mutations.updateBlock(block.id, background),
      toggleHidden: (block) => {
        announce(
          block.hidden
            ? t('editor.block.shown', { name: nameOf(block) })
            : t('editor.block.hidden', { name: nameOf(block) }),
        );
        void mutations.updateBlock(block.id, { hidden: !block.hidden });
      },
      remove: (block) => {
        announce(t('editor.block.removed', { name: nameOf(block) }));
        void mutations.removeBlock(block.id);
      },
      move: (block, direction) => {
        announce(
          direction < 0
            ? t('editor.block.movedUp', { name: nameOf(block) })
            : t('editor.block.movedDown', { name: nameOf(block) }),
        );
        void mutations.moveBlock(block.id, direction);
      },
    }),
    [mutations, nameOf, announce, t],
  );
}
