import { Alert, Paper } from '@mantine/core';
import { policies } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { CommunityInfoForm } from './CommunityInfoForm';
import { CommunitySettingsPage } from './CommunitySettingsPage';
import { communityQueryKey, fetchCommunity } from './communityApi';
import { EmbedOriginsSection } from './EmbedOriginsSection';

/**
 * `/community/info`, the "Informações" tab (spec 01 §2; the spec sends it to the newer admin app, built here).
 * Whoever `policies.canManageCommunity` allows (every member, as spec 01 §6 gives mobilizers the inviter's access)
 * edits it; anyone it refused would see the same fields read-only.
 */
export default function CommunityInfoPage() {
  const { t } = useTranslation();
  const { user, community } = useSession();
  const id = community?.id ?? 0;
  const details = useQuery({ queryKey: communityQueryKey(id), queryFn: () => fetchCommunity(id), enabled: id > 0 });
  const role = details.data?.role ?? community?.role ?? undefined;
  const actor = { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false };
  const membership = role ? { communityId: id, role } : undefined;
  const canManage = policies.canManageCommunity(actor, membership);

  return (
    <CommunitySettingsPage description={t('communitySettings.infoIntro')}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
        {details.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {details.isError && (
          <Alert color="danger" variant="light" role="alert">
            {t('toast.requestErrorMessage')}
          </Alert>
        )}
        {details.data && <CommunityInfoForm community={details.data} readOnly={!canManage} />}
      </Paper>
      {details.data && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720} mt="lg">
          <EmbedOriginsSection community={details.data} readOnly={!policies.canManageEmbedOrigins(actor, membership)} />
        </Paper>
      )}
    </CommunitySettingsPage>
  );
}
