import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, policies, ROLES, TEAM_PER_PAGE } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { refusalMessage } from '../../domains/useApiRefusal';
import { ListPagination } from '../../mobilizations/ListPagination';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { showSuccess } from '../../shell/toasts';
import { ConfirmedAction } from './ConfirmedAction';
import { roleLabel, useTeamActor } from './roles';
import { changeRole, fetchMembers, type Member, membersKey, removeMember } from './teamApi';
import { useTeamList } from './useTeamList';

/** An admin changes a member's role in place; anyone else reads it. */
function RoleCell({
  communityId,
  member,
  onRefused,
}: {
  communityId: number;
  member: Member;
  onRefused(m: string): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const { actor, membership } = useTeamActor();
  const change = useMutation({
    mutationFn: (role: number) => changeRole(communityId, member.user_id, role),
    onSuccess: async () => {
      showSuccess(t('team.roleChanged', { name: member.name }));
      await queryClient.invalidateQueries({ queryKey: membersKey(communityId) });
      // One's own role changes what the screens offer.
      if (member.user_id === actor.id) await refresh();
    },
    onError: (error) => {
      const text = refusalMessage(error);
      if (text) onRefused(text);
    },
  });
  if (!policies.canChangeRole(actor, membership)) return <>{roleLabel(t, member.role)}</>;
  return (
    <Select
      aria-label={t('team.changeRoleOf', { name: member.name })}
      data={[
        { value: String(ROLES.admin), label: t('team.roleAdmin') },
        { value: String(ROLES.mobilizer), label: t('team.roleMobilizer') },
      ]}
      value={String(member.role)}
      onChange={(value) => value && Number(value) !== member.role && change.mutate(Number(value))}
      allowDeselect={false}
      disabled={change.isPending}
      size="xs"
      w={170}
    />
  );
}

/** The community's members with name, e-mail, role and the date they joined; removing one, or leaving, is confirmed. */
export function MembersSection({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { community, refresh } = useSession();
  const { actor, membership } = useTeamActor();
  const [refusal, setRefusal] = useState<string>();
  const { query, page, setPage } = useTeamList(
    (p) => membersKey(communityId, p),
    (p) => fetchMembers(communityId, p),
  );
  const removed = async () => {
    setRefusal(undefined);
    await queryClient.invalidateQueries({ queryKey: membersKey(communityId) });
    heading.current?.focus();
  };
  const left = async () => {
    await refresh();
    navigate('/', { replace: true });
  };
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <Title order={2} size="h4" id={headingId} ref={heading} tabIndex={-1}>
        {t('team.membersTitle')}
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
            {t('team.membersLoadFailed')}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('team.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {query.data?.total === 0 && <Text c="dimmed">{t('team.membersEmpty')}</Text>}
      {query.data && query.data.members.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={680} type="native" tabIndex={0} role="region" aria-labelledby={headingId}>
            <Table verticalSpacing="sm" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('team.name')}</Table.Th>
                  <Table.Th scope="col">{t('team.email')}</Table.Th>
                  <Table.Th scope="col">{t('team.role')}</Table.Th>
                  <Table.Th scope="col">{t('team.joinedAt')}</Table.Th>
                  <Table.Th scope="col">{t('team.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.members.map((member) => {
                  const self = member.user_id === actor.id;
                  const { name } = member;
                  return (
                    <Table.Tr key={member.user_id}>
                      <Table.Th scope="row" fw={400}>
                        {name}{' '}
                        {self && (
                          <Text span c="dimmed">
                            {t('team.you')}
                          </Text>
                        )}
                      </Table.Th>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{member.email}</Table.Td>
                      <Table.Td>
                        <RoleCell communityId={communityId} member={member} onRefused={setRefusal} />
                      </Table.Td>
                      <Table.Td>{formatDate(member.joined_at)}</Table.Td>
                      <Table.Td>
                        {policies.canRemoveMember(actor, membership, { userId: member.user_id, role: member.role }) &&
                          (self ? (
                            <ConfirmedAction
                              label={t('team.leave')}
                              ariaLabel={t('team.leave')}
                              title={t('team.leaveTitle')}
                              message={t('team.leaveBody')}
                              run={() => removeMember(communityId, member.user_id)}
                              done={t('team.left', { community: community?.name ?? '' })}
                              onDone={left}
                              onRefused={setRefusal}
                              danger
                            />
                          ) : (
                            <ConfirmedAction
                              label={t('team.remove')}
                              ariaLabel={t('team.removeLabel', { name })}
                              title={t('team.removeTitle', { name })}
                              message={t('team.removeBody', { name })}
                              run={() => removeMember(communityId, member.user_id)}
                              done={t('team.removed', { name })}
                              onDone={removed}
                              onRefused={setRefusal}
                              danger
                            />
                          ))}
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
