import { ActionIcon, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { inPublicMenu } from '@mutirao/widgets';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorBlock } from '../blocks/blocksApi';
import { isPending } from '../blocks/useBlockMutations';
import { EditorIcon } from './icons';

interface NavItemEditorProps {
  block: EditorBlock;
  /** The name shown: the block's, or 'Bloco 3' when it has none. */
  displayName: string;
  rename(block: EditorBlock, name: string | null): void;
  toggleMenuHidden(block: EditorBlock): void;
}

const navText = { color: 'inherit', fontWeight: 700, padding: '1rem .5rem 1rem .75rem', whiteSpace: 'nowrap' } as const;

/**
 * A navbar entry in the editor (spec 01 §4): the block's name, edited in place (Enter, Escape or a click outside
 * submits it), and the eye button that keeps the block out of the public navbar (`menu_hidden`). An entry the public
 * menu leaves out is struck through, as on the page's own preview; an unnamed one ('Bloco 3', in italics) says that
 * naming it puts it in the menu.
 */
export function NavItemEditor({ block, displayName, rename, toggleMenuHidden }: NavItemEditorProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(block.name ?? '');
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pending = isPending(block);
  const unnamed = !block.name?.trim();
  const hintId = useId();

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const submit = () => {
    if (!editing) return;
    setEditing(false);
    const name = draft.trim() || null;
    if (name !== (block.name?.trim() || null)) rename(block, name);
    requestAnimationFrame(() => button.current?.focus());
  };

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center' }}>
      {editing ? (
        <input
          ref={input}
          aria-label={t('editor.nav.nameLabel')}
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onBlur={submit}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'Escape') {
              event.preventDefault();
              submit();
            }
          }}
          size={Math.max(8, draft.length + 2)}
          style={{
            margin: '.5rem',
            padding: '.35rem .5rem',
            borderRadius: 4,
            border: '2px solid #fff',
            font: 'inherit',
            fontWeight: 700,
          }}
        />
      ) : (
        <Tooltip label={t(unnamed ? 'editor.nav.unnamedHint' : 'editor.nav.renameHint')} openDelay={400} withArrow>
          <UnstyledButton
            ref={button}
            aria-label={t('editor.nav.rename', { name: displayName })}
            aria-describedby={unnamed ? hintId : undefined}
            disabled={pending}
            onClick={() => {
              setDraft(block.name ?? '');
              setEditing(true);
            }}
            style={{
              ...navText,
              textDecoration: inPublicMenu(block) ? undefined : 'line-through',
              fontStyle: unnamed ? 'italic' : undefined,
            }}
          >
            {displayName}
          </UnstyledButton>
        </Tooltip>
      )}
      {unnamed && <VisuallyHidden id={hintId}>{t('editor.nav.unnamedHint')}</VisuallyHidden>}
      <Tooltip
        label={block.menu_hidden ? t('editor.nav.showInMenu') : t('editor.nav.hideFromMenu')}
        openDelay={300}
        withArrow
      >
        <ActionIcon
          variant="transparent"
          size="md"
          style={{ color: 'inherit', marginRight: '.25rem' }}
          aria-label={t('editor.nav.inMenu', { name: displayName })}
          aria-pressed={!block.menu_hidden}
          disabled={pending}
          onClick={() => toggleMenuHidden(block)}
        >
          <EditorIcon name={block.menu_hidden ? 'eyeOff' : 'eye'} size={18} />
        </ActionIcon>
      </Tooltip>
    </span>
  );
}
