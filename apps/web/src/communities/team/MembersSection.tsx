import { Select, Table, Text } from '@mantine/core';
import { policies, ROLES } from '@mutirao/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refusalMessage } from '../../api/client';
import { useSession } from '../../auth/SessionProvider';
import { showSuccess } from '../../shell/toasts';
import { useCommunityDates } from '../useCommunityDates';
import { ConfirmedAction } from './ConfirmedAction';
import { roleLabel, useTeamActor } from './roles';
import { TeamList } from './TeamList';
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

interface MemberRowProps {
  communityId: number;
  member: Member;
  onRemoved(): Promise<void>;
  onLeft(): Promise<void>;
  onRefused(message: string): void;
}

/** One member: name, e-mail, role, since when; removing them, or leaving oneself, is confirmed. */
function MemberRow({ communityId, member, onRemoved, onLeft, onRefused }: MemberRowProps) {
  const { t } = useTranslation();
  const { date } = useCommunityDates();
  const { community } = useSession();
  const { actor, membership } = useTeamActor();
  const self = member.user_id === actor.id;
  const { name } = member;
  const remove = () => removeMember(communityId, member.user_id);
  return (
    <Table.Tr>
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
        <RoleCell communityId={communityId} member={member} onRefused={onRefused} />
      </Table.Td>
      <Table.Td>{date(member.joined_at)}</Table.Td>
      <Table.Td>
        {policies.canRemoveMember(actor, membership, { userId: member.user_id, role: member.role }) &&
          (self ? (
            <ConfirmedAction
              label={t('team.leave')}
              ariaLabel={t('team.leave')}
              title={t('team.leaveTitle')}
              message={t('team.leaveBody')}
              run={remove}
              done={t('team.left', { community: community?.name ?? '' })}
              onDone={onLeft}
              onRefused={onRefused}
              danger
            />
          ) : (
            <ConfirmedAction
              label={t('team.remove')}
              ariaLabel={t('team.removeLabel', { name })}
              title={t('team.removeTitle', { name })}
              message={t('team.removeBody', { name })}
              run={remove}
              done={t('team.removed', { name })}
              onDone={onRemoved}
              onRefused={onRefused}
              danger
            />
          ))}
      </Table.Td>
    </Table.Tr>
  );
}

/** The community's members, admins first. */
export function MembersSection({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refresh } = useSession();
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
    <TeamList
      title={t('team.membersTitle')}
      headingRef={heading}
      columns={[t('team.name'), t('team.email'), t('team.role'), t('team.joinedAt'), t('team.actions')]}
      minWidth={680}
      query={query}
      total={query.data?.total}
      page={page}
      onPage={setPage}
      loadFailed={t('team.membersLoadFailed')}
      empty={t('team.membersEmpty')}
      refusal={refusal}
      onDismissRefusal={() => setRefusal(undefined)}
    >
      {query.data?.members.map((member) => (
        <MemberRow
          key={member.user_id}
          communityId={communityId}
          member={member}
          onRemoved={removed}
          onLeft={left}
          onRefused={setRefusal}
        />
      ))}
    </TeamList>
  );
}
