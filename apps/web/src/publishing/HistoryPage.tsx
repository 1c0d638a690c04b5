import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TitledPage } from '../shell/layouts/TitledPage';
import { NotFoundInShell } from '../shell/NotFoundPage';
import { ChangeList } from './ChangeList';
import { isNotFound, LoadFailed, usePublishedLine } from './history';
import { draftKey, fetchDraft, fetchRevisions, REVISIONS_PER_PAGE, type Revision, revisionsKey } from './publishingApi';

/** One publication: its number, whether visitors see it, who published it and when, and what it changed. */
function RevisionRow({
  mobilizationId,
  revision,
  live,
  headingRef,
}: {
  mobilizationId: number;
  revision: Revision;
  live: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const published = usePublishedLine();
  const title = t('publishing.revision', { number: revision.number });
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
                {title}
              </Title>
              {live && (
                <Badge color="success" variant="light">
                  {t('publishing.live')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {published(revision)}
            </Text>
            {revision.restored_from !== null && (
              <Text size="sm">{t('publishing.restoredFrom', { number: revision.restored_from })}</Text>
            )}
          </Stack>
          <Button
            component={Link}
            to={`/mobilizations/${mobilizationId}/history/${revision.number}`}
            variant="default"
            size="sm"
            aria-label={t('publishing.openRevision', { number: revision.number })}
          >
            {t('publishing.open')}
          </Button>
        </Group>
        <ChangeList
          changes={revision.changes}
          empty={t(revision.number === 1 ? 'publishing.firstRevision' : 'publishing.noChanges')}
          label={t('publishing.changesTitle')}
        />
      </Stack>
    </Paper>
  );
}

/**
 * `/mobilizations/{id}/history` (issue 34): every publication of the page, newest first, 20 at a time, the one
 * visitors see marked. Each opens read-only (`RevisionPage`), where it can be compared and restored.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const mobilizationId = Number(useParams().id);
  const valid = Number.isInteger(mobilizationId) && mobilizationId > 0;
  const [pageCount, setPageCount] = useState(1);
  // After 'more', the first older version takes the focus: the button may be gone, and that is where reading goes on.
  const [focusIndex, setFocusIndex] = useState<number>();
  const firstNew = useRef<HTMLHeadingElement>(null);
  // The draft says which revision is live; a page the user may not edit answers 404 here as everywhere.
  const draft = useQuery({
    queryKey: draftKey(mobilizationId),
    queryFn: () => fetchDraft(mobilizationId),
    enabled: valid,
    meta: { showsErrors: 'refusals' },
  });
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, index) => ({
      queryKey: revisionsKey(mobilizationId, index + 1),
      queryFn: () => fetchRevisions(mobilizationId, index + 1),
      enabled: valid,
      meta: { showsErrors: 'refusals' as const },
    })),
  });

  const shown = pages.reduce((n, p) => n + (p.data?.length ?? 0), 0);
  useEffect(() => {
    if (focusIndex !== undefined && shown > focusIndex) {
      firstNew.current?.focus();
      setFocusIndex(undefined);
    }
  }, [focusIndex, shown]);

  if (!valid || isNotFound(draft.error) || pages.some((p) => isNotFound(p.error))) return <NotFoundInShell />;

  const revisions = pages.flatMap((p) => p.data ?? []);
  const failed = draft.isError || pages.some((p) => p.isError);
  const fetchingMore = pageCount > 1 && !!pages[pages.length - 1]?.isPending;
  const loading = !failed && !fetchingMore && (draft.isPending || pages.some((p) => p.isPending));
  const last = pages[pages.length - 1]?.data;
  const more = (!!last && last.length === REVISIONS_PER_PAGE) || fetchingMore;
  const liveId = draft.data?.published_revision?.id;
  const retry = () => {
    if (draft.isError) void draft.refetch();
    for (const p of pages) if (p.isError) void p.refetch();
  };

  return (
    <TitledPage
      title={t('publishing.historyTitle')}
      description={t('publishing.historyIntro')}
      actions={
        <Anchor component={Link} to={`/mobilizations/${mobilizationId}/edit`}>
          {t('publishing.backToEditor')}
        </Anchor>
      }
    >
      {failed && <LoadFailed onRetry={retry} />}
      {revisions.length > 0 && (
        <Stack
          component="ol"
          gap="md"
          aria-label={t('publishing.historyLabel')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {revisions.map((revision, index) => (
            <RevisionRow
              key={revision.id}
              mobilizationId={mobilizationId}
              revision={revision}
              live={revision.id === liveId}
              headingRef={index === focusIndex ? firstNew : undefined}
            />
          ))}
        </Stack>
      )}
      {loading && <LoadingScreen label={t('app.loading')} inline />}
      {!loading && !failed && revisions.length === 0 && <Text c="dimmed">{t('publishing.historyEmpty')}</Text>}
      {more && !loading && (
        <Group justify="center">
          <Button
            variant="default"
            loading={fetchingMore}
            onClick={() => {
              setFocusIndex(shown);
              setPageCount((n) => n + 1);
            }}
          >
            {t('publishing.loadMore')}
          </Button>
        </Group>
      )}
    </TitledPage>
  );
}
