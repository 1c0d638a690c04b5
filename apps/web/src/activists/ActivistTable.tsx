import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { type ActivistSort, displayPhone, type MessageKey } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommunityDates } from '../communities/useCommunityDates';
import { usePhoneWidth } from '../shell/usePhoneWidth';
import type { ActivistListItem } from './activistsApi';

interface ActivistTableProps {
  activists: ActivistListItem[];
  sort: ActivistSort;
  order: 'asc' | 'desc';
  onSort(sort: ActivistSort): void;
}

/** A column header that sorts: a button inside the header cell, which carries `aria-sort` while it is the order. */
function SortHeader({
  column,
  sort,
  current,
  order,
  onSort,
}: {
  column: MessageKey;
  sort: ActivistSort;
  current: ActivistSort;
  order: 'asc' | 'desc';
  onSort(sort: ActivistSort): void;
}) {
  const { t } = useTranslation();
  const active = sort === current;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton
        onClick={() => onSort(sort)}
        fw={700}
        fz="sm"
        aria-label={t('activists.sortBy', { column: t(column) })}
      >
        {t(column)} {active ? (order === 'asc' ? '↑' : '↓') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The people of one page of the list, each name a link to the profile. On a phone the table keeps the three columns
 * that sort, and shows each person's e-mail and phone under the name instead of in columns of their own, so nothing
 * is cut at the screen's edge.
 */
export function ActivistTable({ activists, sort, order, onSort }: ActivistTableProps) {
  const { t, i18n } = useTranslation();
  const { date } = useCommunityDates();
  const narrow = usePhoneWidth();
  const header = { sort, order, onSort, current: sort };
  return (
    <Table.ScrollContainer minWidth={narrow ? 0 : 760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('activists.title')}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="activists.columnName" {...header} sort="name" />
            {!narrow && (
              <>
                <Table.Th>{t('activists.columnEmail')}</Table.Th>
                <Table.Th>{t('activists.columnPhone')}</Table.Th>
                <Table.Th>{t('activists.columnCity')}</Table.Th>
                <Table.Th>{t('activists.columnTags')}</Table.Th>
              </>
            )}
            <SortHeader column="activists.columnActions" {...header} sort="actions" />
            <SortHeader column="activists.columnLastAction" {...header} sort="last_action" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activists.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td style={narrow ? { wordBreak: 'break-word' } : undefined}>
                <Anchor component={Link} to={`/activists/${a.id}`} fw={600}>
                  {a.name || a.email}
                </Anchor>
                {narrow && (
                  <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {a.email}
                    {a.phone && (
                      <>
                        <br />
                        <span style={{ whiteSpace: 'nowrap' }}>{displayPhone(a.phone)}</span>
                      </>
                    )}
                  </Text>
                )}
              </Table.Td>
              {!narrow && (
                <>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{a.email}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.phone && displayPhone(a.phone)}</Table.Td>
                  <Table.Td>{a.city}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {a.tags.map((tag) => (
                        <Badge key={tag} variant="light" color="gray" c="dark.7" tt="none">
                          {tag}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </>
              )}
              <Table.Td>{a.actions_count.toLocaleString(i18n.language)}</Table.Td>
              <Table.Td>
                {a.last_action_at ? (
                  date(a.last_action_at)
                ) : (
                  <Text span c="dimmed" size="sm">
                    {t('activists.never')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
