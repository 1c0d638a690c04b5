import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { FormField } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { EditorIcon } from '../../editor/icons';
import { canMove } from './fieldEditor';

export interface FieldCommands {
  toggle(uid: string): void;
  move(uid: string, direction: -1 | 1): void;
  remove(field: FormField): void;
}

interface FieldControlsProps {
  field: FormField;
  fields: FormField[];
  open: boolean;
  /** The field's name as shown ('Campo sem nome' while it has none). */
  name: string;
  commands: FieldCommands;
}

/** Edit, move up, move down (disabled at the ends) and remove, for one field, in either editing mode. */
export function FieldControls({ field, fields, open, name, commands }: FieldControlsProps) {
  const { t } = useTranslation();
  const button = (
    key: string,
    label: string,
    icon: 'edit' | 'arrowUp' | 'arrowDown' | 'trash',
    onClick: () => void,
    extra: { disabled?: boolean; pressed?: boolean; danger?: boolean } = {},
  ) => (
    <Tooltip label={label} withArrow key={key}>
      <ActionIcon
        variant={extra.pressed ? 'filled' : 'default'}
        color={extra.danger ? 'danger.8' : undefined}
        size="lg"
        aria-label={label}
        aria-expanded={extra.pressed === undefined ? undefined : extra.pressed}
        data-field-action={`${field.uid}:${key}`}
        disabled={extra.disabled}
        onClick={onClick}
      >
        <EditorIcon name={icon} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {button('edit', t('formSettings.editField', { label: name }), 'edit', () => commands.toggle(field.uid), {
        pressed: open,
      })}
      {button('up', t('formSettings.moveUp', { label: name }), 'arrowUp', () => commands.move(field.uid, -1), {
        disabled: !canMove(fields, field.uid, -1),
      })}
      {button('down', t('formSettings.moveDown', { label: name }), 'arrowDown', () => commands.move(field.uid, 1), {
        disabled: !canMove(fields, field.uid, 1),
      })}
      {button('remove', t('formSettings.removeField', { label: name }), 'trash', () => commands.remove(field), {
        danger: true,
      })}
    </Group>
  );
}
