import { Badge, Group, Table } from '@mantine/core';
import { policies } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommunityDates } from '../useCommunityDates';
import { ConfirmedAction } from './ConfirmedAction';
import { roleLabel, useTeamActor } from './roles';
import { TeamList } from './TeamList';
import {
  fetchInvitations,
  invitationsKey,
  type PendingInvitation,
  resendInvitation,
  revokeInvitation,
} from './teamApi';
import { useTeamList } from './useTeamList';

interface RowProps {
  communityId: number;
  invitation: PendingInvitation;
  onDone(rowGone: boolean): Promise<void>;
  onRefused(message: string): void;
}

/** One open invitation; resend (a new link) and revoke, both confirmed, for whoever may give its role. */
function InvitationRow({ communityId, invitation, onDone, onRefused }: RowProps) {
  const { t } = useTranslation();
  const { date } = useCommunityDates();
  const { actor, membership } = useTeamActor();
  const { email } = invitation;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400} style={{ wordBreak: 'break-all' }}>
        {email}
      </Table.Th>
      <Table.Td>{roleLabel(t, invitation.role)}</Table.Td>
      <Table.Td>
        <Group gap="xs">
          {date(invitation.sent_at)}
          {invitation.expired && (
            <Badge color="gray" variant="light">
              {t('team.expired')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {policies.canInvite(actor, membership, invitation.role) && (
          <Group gap={4} wrap="nowrap">
            <ConfirmedAction
              label={t('team.resend')}
              ariaLabel={t('team.resendLabel', { email })}
              title={t('team.resendTitle')}
              message={t('team.resendBody', { email })}
              run={() => resendInvitation(communityId, invitation.id)}
              done={t('team.resent', { email })}
              onDone={() => onDone(false)}
              onRefused={onRefused}
            />
            <ConfirmedAction
              label={t('team.revoke')}
              ariaLabel={t('team.revokeLabel', { email })}
              title={t('team.revokeTitle')}
              message={t('team.revokeBody', { email })}
              run={() => revokeInvitation(communityId, invitation.id)}
              done={t('team.revoked', { email })}
              onDone={() => onDone(true)}
              onRefused={onRefused}
              danger
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The community's open invitations: to whom, which role, when sent. */
export function InvitationsSection({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
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
    <TeamList
      title={t('team.invitationsTitle')}
      headingRef={heading}
      columns={[t('team.email'), t('team.role'), t('team.sentAt'), t('team.actions')]}
      minWidth={600}
      query={query}
      total={query.data?.total}
      page={page}
      onPage={setPage}
      loadFailed={t('team.invitationsLoadFailed')}
      empty={t('team.invitationsEmpty')}
      refusal={refusal}
      onDismissRefusal={() => setRefusal(undefined)}
    >
      {query.data?.invitations.map((invitation) => (
        <InvitationRow
          key={invitation.id}
          communityId={communityId}
          invitation={invitation}
          onDone={refresh}
          onRefused={setRefusal}
        />
      ))}
    </TeamList>
  );
}
