import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePhoneWidth } from '../shell/usePhoneWidth';

interface ListPaginationProps {
  page: number;
  perPage: number;
  total: number;
  onChange(page: number): void;
}

/** "Mostrando 21–40 de 2.000" and the page buttons, in a labelled navigation landmark. Hidden for one page. */
export function ListPagination({ page, perPage, total, onChange }: ListPaginationProps) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  // On a phone the first/last buttons and the neighbours would wrap the pager onto two lines.
  const compact = usePhoneWidth();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Text size="sm" c="dimmed" role="status">
        {t('mobilizationList.showing', { from: number(from), to: number(to), total: number(total) })}
      </Text>
      {pages > 1 && (
        <nav aria-label={t('mobilizationList.pagination')}>
          <Pagination
            value={page}
            total={pages}
            onChange={onChange}
            withEdges={!compact}
            siblings={compact ? 0 : 1}
            getItemProps={(p) => ({ 'aria-label': t('mobilizationList.page', { page: p }) })}
            getControlProps={(control) => ({
              'aria-label': t(`mobilizationList.${control}Page`),
            })}
          />
        </nav>
      )}
    </Group>
  );
}
