import { List, Text } from '@mantine/core';
import type { BlockField, PageChange } from '@mutirao/core';
import { widgetModule } from '@mutirao/widgets';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/useLocale';

/** The fields the change list names on their own; a widget's other keys are its settings. */
type NamedField = BlockField | 'kind' | 'size' | 'goal';
const WIDGET_FIELDS: ReadonlySet<string> = new Set<NamedField>(['kind', 'size', 'goal']);

/** 'nome e fundo': a change's fields in the reader's language, settings keys said once as 'ajustes'. */
function useFieldList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return (fields: string[], widget: boolean) => {
    const names = new Set<string>(
      fields.map((f) =>
        widget && !WIDGET_FIELDS.has(f) ? t('publishing.field_settings') : t(`publishing.field_${f as NamedField}`),
      ),
    );
    return list.format([...names]);
  };
}

/** One change as a sentence: 'Bloco “Topo” alterado: nome e fundo'. */
export function useChangeText() {
  const { t } = useTranslation();
  const fieldList = useFieldList();
  return (change: PageChange) => {
    const block = change.block_name?.trim() || t('publishing.unnamedBlock');
    if ('widget_id' in change) {
      const module = widgetModule(change.kind as never);
      const kind = module ? t(module.labelKey) : change.kind;
      const fields = change.type === 'widget_changed' ? fieldList(change.fields, true) : '';
      return t(`publishing.change_${change.type}`, { block, kind, fields });
    }
    if (change.type === 'block_moved')
      return t('publishing.change_block_moved', { block, from: change.from, to: change.to });
    const fields = change.type === 'block_edited' ? fieldList(change.fields, false) : '';
    return t(`publishing.change_${change.type}`, { block, fields });
  };
}

/** What changed between two versions of a page, one line each; `empty` when nothing did. */
export function ChangeList({ changes, empty, label }: { changes: PageChange[]; empty: string; label: string }) {
  const text = useChangeText();
  if (!changes.length)
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  return (
    <List aria-label={label} spacing={4} size="sm" listStyleType="disc">
      {changes.map((change) => (
        <List.Item key={`${change.type}-${'widget_id' in change ? `w${change.widget_id}` : `b${change.block_id}`}`}>
          {text(change)}
        </List.Item>
      ))}
    </List>
  );
}
