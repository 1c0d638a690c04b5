import { ActionIcon, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorBlock } from '../blocks/blocksApi';
import { isPending } from '../blocks/useBlockMutations';
import { BackgroundDialog } from './BackgroundDialog';
import { ConfirmDialog } from './content/ConfirmDialog';
import { EditorIcon } from './icons';

export interface BlockActions {
  duplicate(block: EditorBlock): void;
  setBackground(block: EditorBlock, background: Pick<EditorBlock, 'bg_class' | 'bg_image'>): void;
  toggleHidden(block: EditorBlock): void;
  remove(block: EditorBlock): void;
  move(block: EditorBlock, direction: -1 | 1): void;
}

interface BlockMenuProps {
  block: EditorBlock;
  /** The block's name, or 'Bloco 3' when it has none. */
  name: string;
  index: number;
  count: number;
  actions: BlockActions;
}

/**
 * The block menu (spec 01 §2): duplicate, change background, show/hide, move up/down (not past the ends), remove
 * after 'Você tem certeza que quer remover este bloco?'.
 */
export function BlockMenu({ block, name, index, count, actions }: BlockMenuProps) {
  const { t } = useTranslation();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [background, setBackground] = useState(false);
  const pending = isPending(block);

  return (
    <>
      {/* Mantine's focus placeholder is a role=presentation child of role=menu, which a menu may not hold (axe). */}
      <Menu position="bottom-end" withArrow shadow="md" width={230} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon
            variant="white"
            color="dark"
            size="lg"
            radius="xl"
            aria-label={t('editor.block.menu', { name })}
            disabled={pending}
            style={{ boxShadow: '0 1px 4px rgba(0,0,0,.3)' }}
          >
            <EditorIcon name="dots" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          <Menu.Item leftSection={<EditorIcon name="copy" size={16} />} onClick={() => actions.duplicate(block)}>
            {t('editor.block.duplicate')}
          </Menu.Item>
          <Menu.Item leftSection={<EditorIcon name="background" size={16} />} onClick={() => setBackground(true)}>
            {t('editor.block.background')}
          </Menu.Item>
          <Menu.Item
            leftSection={<EditorIcon name={block.hidden ? 'eye' : 'eyeOff'} size={16} />}
            onClick={() => actions.toggleHidden(block)}
          >
            {block.hidden ? t('editor.block.show') : t('editor.block.hide')}
          </Menu.Item>
          <Menu.Item
            leftSection={<EditorIcon name="arrowUp" size={16} />}
            disabled={index === 0}
            onClick={() => actions.move(block, -1)}
          >
            {t('editor.block.moveUp')}
          </Menu.Item>
          <Menu.Item
            leftSection={<EditorIcon name="arrowDown" size={16} />}
            disabled={index >= count - 1}
            onClick={() => actions.move(block, 1)}
          >
            {t('editor.block.moveDown')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="danger.8"
            leftSection={<EditorIcon name="trash" size={16} />}
            onClick={() => setConfirmRemove(true)}
          >
            {t('editor.block.remove')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirmRemove}
        title={t('editor.block.removeTitle')}
        message={t('editor.block.removeConfirm')}
        confirmLabel={t('editor.block.remove')}
        danger
        onConfirm={() => {
          setConfirmRemove(false);
          actions.remove(block);
        }}
        onCancel={() => setConfirmRemove(false)}
      />
      <BackgroundDialog
        opened={background}
        blockName={name}
        initial={{ bg_class: block.bg_class, bg_image: block.bg_image }}
        onSave={(next) => {
          setBackground(false);
          actions.setBackground(block, next);
        }}
        onCancel={() => setBackground(false)}
      />
    </>
  );
}
