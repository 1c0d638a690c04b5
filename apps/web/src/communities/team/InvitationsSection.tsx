import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, policies, TEAM_PER_PAGE } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../mobilizations/ListPagination';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { ConfirmedAction } from './ConfirmedAction';
import { roleLabel, useTeamActor } from './roles';
import { fetchInvitations, invitationsKey, resendInvitation, revokeInvitation } from './teamApi';
import { useTeamList } from './useTeamList';

/** The community's open invitations: to whom, which role, when sent; resend (a new link) and revoke, both confirmed. */
export function InvitationsSection({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const { actor, membership } = useTeamActor();
  const [refusal, setRefusal] = useState<string>();
  const { query, page, setPage } = useTeamList(
    (p) => invitationsKey(communityId, p),
    (p) => fetchInvitations(communityId, p),
  );
  const refresh = async (rowGone: boolean) => {
    setRefusal(undefined);
    await queryClient.invalidateQueries({ queryKey: invitationsKey(communityId) });
    // The row and its button are gone: the focus goes to the list's heading instead of the page's start.
    if (rowGone) heading.current?.focus();
  };
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <Title order={2} size="h4" id={headingId} ref={heading} tabIndex={-1}>
        {t('team.invitationsTitle')}
      </Title>
      {refusal && (
        <Alert color="danger" variant="light" role="alert" withCloseButton onClose={() => setRefusal(undefined)}>
          {refusal}
        </Alert>
      )}
      {query.isPending && <LoadingScreen label={t('app.loading')} inline />}
      {query.isError && (
        <Alert color="danger" variant="light" role="alert">
          <Group justify="space-between">
            {t('team.invitationsLoadFailed')}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('team.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {query.data?.total === 0 && <Text c="dimmed">{t('team.invitationsEmpty')}</Text>}
      {query.data && query.data.invitations.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={600} type="native" tabIndex={0} role="region" aria-labelledby={headingId}>
            <Table verticalSpacing="sm" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('team.email')}</Table.Th>
                  <Table.Th scope="col">{t('team.role')}</Table.Th>
                  <Table.Th scope="col">{t('team.sentAt')}</Table.Th>
                  <Table.Th scope="col">{t('team.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.invitations.map((invitation) => {
                  const { email } = invitation;
                  const allowed = policies.canInvite(actor, membership, invitation.role);
                  return (
                    <Table.Tr key={invitation.id}>
                      <Table.Th scope="row" fw={400} style={{ wordBreak: 'break-all' }}>
                        {email}
                      </Table.Th>
                      <Table.Td>{roleLabel(t, invitation.role)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          {formatDate(invitation.sent_at)}
                          {invitation.expired && (
                            <Badge color="gray" variant="light">
                              {t('team.expired')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {allowed && (
                          <Group gap={4} wrap="nowrap">
                            <ConfirmedAction
                              label={t('team.resend')}
                              ariaLabel={t('team.resendLabel', { email })}
                              title={t('team.resendTitle')}
                              message={t('team.resendBody', { email })}
                              run={() => resendInvitation(communityId, invitation.id)}
                              done={t('team.resent', { email })}
                              onDone={() => refresh(false)}
                              onRefused={setRefusal}
                            />
                            <ConfirmedAction
                              label={t('team.revoke')}
                              ariaLabel={t('team.revokeLabel', { email })}
                              title={t('team.revokeTitle')}
                              message={t('team.revokeBody', { email })}
                              run={() => revokeInvitation(communityId, invitation.id)}
                              done={t('team.revoked', { email })}
                              onDone={() => refresh(true)}
                              onRefused={setRefusal}
                              danger
                            />
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {query.data.total > TEAM_PER_PAGE && (
            <ListPagination page={page} perPage={TEAM_PER_PAGE} total={query.data.total} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
