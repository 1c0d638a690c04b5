import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { TEAM_PER_PAGE } from '@mutirao/core';
import type { ReactNode, RefObject } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../mobilizations/ListPagination';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';

interface TeamListProps {
  title: string;
  /** The heading takes the focus when a row and its button go away. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  columns: string[];
  minWidth: number;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch(): unknown };
  total: number | undefined;
  page: number;
  onPage(page: number): void;
  loadFailed: string;
  empty: string;
  /** A refusal the server explained (403, 422), shown above the table until dismissed. */
  refusal: string | undefined;
  onDismissRefusal(): void;
  /** The table's rows. */
  children: ReactNode;
}

/** The frame of a team list (members, invitations): heading, refusal, loading, error, empty, table and pages. */
export function TeamList(props: TeamListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { query, total } = props;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <Title order={2} size="h4" id={headingId} ref={props.headingRef} tabIndex={-1}>
        {props.title}
      </Title>
      {props.refusal && (
        <Alert color="danger" variant="light" role="alert" withCloseButton onClose={props.onDismissRefusal}>
          {props.refusal}
        </Alert>
      )}
      {query.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {query.isError && (
        <Alert color="danger" variant="light" role="alert">
          <Group justify="space-between">
            {props.loadFailed}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('team.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {total === 0 && <Text c="dimmed">{props.empty}</Text>}
      {total !== undefined && total > 0 && (
        <>
          {/* A phone scrolls the table sideways; the region takes focus so a keyboard can scroll it too. */}
          <Table.ScrollContainer
            minWidth={props.minWidth}
            type="native"
            tabIndex={0}
            role="region"
            aria-labelledby={headingId}
          >
            <Table verticalSpacing="sm" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{props.children}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > TEAM_PER_PAGE && (
            <ListPagination page={props.page} perPage={TEAM_PER_PAGE} total={total} onChange={props.onPage} />
          )}
        </>
      )}
    </Stack>
  );
}
