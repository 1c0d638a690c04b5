import { Alert, Grid, List, Paper, Title } from '@mantine/core';
import { policies } from '@mutirao/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { CommunitySettingsPage } from './CommunitySettingsPage';
import { RecipientForm } from './RecipientForm';
import { fetchRecipient, recipientQueryKey } from './recipientApi';

const FUNDS_RULES = [
  'recipient.funds1',
  'recipient.funds2',
  'recipient.funds3',
  'recipient.funds4',
  'recipient.funds5',
] as const;

/** Spec 01 §9's funds rules, beside the form: when donated money reaches the account. */
function FundsHelp() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="aside" aria-labelledby="recipient-funds-title">
      <Title order={2} size="h5" id="recipient-funds-title" mb="xs">
        {t('recipient.fundsTitle')}
      </Title>
      <List size="sm" spacing="xs">
        {FUNDS_RULES.map((key) => (
          <List.Item key={key}>{t(key)}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/**
 * `/community/recipient`, the Recebedor tab (spec 01 §2): the bank account donations are paid into. Bank data is for
 * the community's admins only: the tab is hidden from mobilizers, and this page refuses them without asking the API.
 */
export default function CommunityRecipientPage() {
  const { t } = useTranslation();
  const { user, community } = useSession();
  const id = community?.id ?? 0;
  const role = community?.role ?? undefined;
  const canManage = policies.canManageBankData(
    { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false },
    role ? { communityId: id, role } : undefined,
  );
  const settings = useQuery({
    queryKey: recipientQueryKey(id),
    queryFn: () => fetchRecipient(id),
    enabled: id > 0 && canManage,
  });
  return (
    <CommunitySettingsPage description={t('recipient.intro')}>
      {!canManage ? (
        <Alert color="gray" variant="light" role="alert">
          {t('recipient.adminOnly')}
        </Alert>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
              {settings.isPending && <LoadingScreen label={t('app.loading')} inline />}
              {settings.isError && (
                <Alert color="danger" variant="light" role="alert">
                  {t('recipient.loadFailed')}
                </Alert>
              )}
              {settings.data && <RecipientForm communityId={id} settings={settings.data} />}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <FundsHelp />
          </Grid.Col>
        </Grid>
      )}
    </CommunitySettingsPage>
  );
}
