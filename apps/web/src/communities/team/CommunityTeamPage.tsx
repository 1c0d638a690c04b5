import { Paper, Stack } from '@mantine/core';
import { policies } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { CommunitySettingsPage } from '../settings/CommunitySettingsPage';
import { InvitationsSection } from './InvitationsSection';
import { InviteForm } from './InviteForm';
import { MembersSection } from './MembersSection';
import { useTeamActor } from './roles';

/**
 * `/community/mobilizers`, the Mobilizadores tab (spec 01 §2; the spec sends it to the newer admin app, built here):
 * invite by e-mail, the members, and the invitations still open.
 */
export default function CommunityTeamPage() {
  const { t } = useTranslation();
  const { actor, membership, communityId } = useTeamActor();
  return (
    <CommunitySettingsPage description={t('team.intro')}>
      <Stack gap="lg" maw={960}>
        <InviteForm communityId={communityId} canInviteAdmins={policies.canManageAdmins(actor, membership)} />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <MembersSection communityId={communityId} />
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <InvitationsSection communityId={communityId} />
        </Paper>
      </Stack>
    </CommunitySettingsPage>
  );
}
