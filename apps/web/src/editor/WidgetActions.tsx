import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditorIcon } from './icons';

interface WidgetActionsProps {
  /** The widget's kind name, for the buttons' names ('Editar Conteúdo'). */
  kindLabel: string;
  canEdit: boolean;
  onEdit(): void;
  onRemove(): void;
}

/** Edit and remove, shown over an editable widget on hover and on keyboard focus (spec 02 §2). */
export function WidgetActions({ kindLabel, canEdit, onEdit, onRemove }: WidgetActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {canEdit && (
        <Tooltip label={t('editor.widget.edit')} withArrow>
          <ActionIcon
            variant="white"
            color="dark"
            size="lg"
            aria-label={t('editor.widget.editNamed', { kind: kindLabel })}
            onClick={onEdit}
          >
            <EditorIcon name="edit" />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('editor.widget.remove')} withArrow>
        <ActionIcon
          variant="white"
          color="danger.8"
          size="lg"
          aria-label={t('editor.widget.removeNamed', { kind: kindLabel })}
          onClick={onRemove}
        >
          <EditorIcon name="trash" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
