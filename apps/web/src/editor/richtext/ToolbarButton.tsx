import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { EditorIcon, type EditorIconName } from '../icons';
import { ariaKeyshortcuts, type EditorAction, hotkeyLabel } from './hotkeys';

interface ToolbarButtonProps {
  label: string;
  icon: EditorIconName;
  /** For toggles (marks, alignment, lists): announced as pressed. */
  active?: boolean;
  disabled?: boolean;
  action?: EditorAction;
  onClick(): void;
  children?: ReactNode;
}

/**
 * One toolbar button. It keeps the editor's selection (mouse down does not take focus from the text) and names
 * its shortcut in the tooltip and in `aria-keyshortcuts`.
 */
export function ToolbarButton({ label, icon, active, disabled, action, onClick, children }: ToolbarButtonProps) {
  const shortcut = action ? hotkeyLabel(action) : undefined;
  return (
    <Tooltip label={shortcut ? `${label} (${shortcut})` : label} openDelay={400} withArrow>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'brand' : 'dark'}
        size="lg"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        aria-keyshortcuts={action ? ariaKeyshortcuts(action) : undefined}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        <EditorIcon name={icon} />
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
