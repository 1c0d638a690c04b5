import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/SessionProvider';
import { fetchRecipientState, recipientQueryKey } from './recipientApi';

/**
 * Donations reach the community through its recipient (spec 01 §2 "Recebedor"); until one is registered nobody can
 * give, so the donation's settings say so and link to the tab that fixes it.
 */
export function RecipientNotice() {
  const { t } = useTranslation();
  const communityId = useSession().community?.id ?? 0;
  const state = useQuery({
    queryKey: recipientQueryKey(communityId),
    queryFn: () => fetchRecipientState(communityId),
    enabled: communityId > 0,
  });
  if (state.isError) {
    return (
      <Text c="dimmed" size="sm" role="status">
        {t('kinds.donation.recipientCheckFailed')}
      </Text>
    );
  }
  if (state.data !== 'missing') return null;
  return (
    <Alert color="yellow" variant="light" role="status" mb="md">
      <Text>{t('kinds.donation.recipientMissing')}</Text>
      <Anchor component={Link} to="/community/recipient" fw={700} c="inherit" td="underline">
        {t('kinds.donation.recipientLink')}
      </Anchor>
    </Alert>
  );
}
