import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { CancelSection } from './CancelSection';
import { ChangeCardSection } from './ChangeCardSection';
import { ChangeDateSection } from './ChangeDateSection';
import { fetchManagedDonation, isInvalidLink, type ManagedDonation, manageQueryKey } from './manageApi';
import { isClosed } from './manageFormat';
import { SubscriptionSummary } from './SubscriptionSummary';

/**
 * `/donations/manage/{token}`: the donor's own recurring donation, reached from the link in its e-mails, without an
 * account (spec 01 §4 "Subscription", §5 "Credit card"). The donor sees what they give and when, and can change the
 * card or the next charge date, or cancel. A wrong, expired or replaced link is a page that says so, not an error.
 */
export default function ManageDonationPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const queryClient = useQueryClient();
  const key = manageQueryKey(token);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchManagedDonation(token),
    enabled: token !== '',
    // An invalid link stays invalid: asking again would only delay the page that says so.
    retry: (count, error) => !isInvalidLink(error) && count < 2,
    meta: { showsErrors: 'refusals' },
  });
  // A change answers the subscription alone; the provider's checkout stays as the page loaded it.
  const onSaved = (answer: ManagedDonation) =>
    queryClient.setQueryData<ManagedDonation>(key, (old) => ({
      ...old,
      ...answer,
      checkout: answer.checkout ?? old?.checkout,
    }));

  if (!token || (query.isError && isInvalidLink(query.error))) {
    return (
      <CenteredPage title={t('kinds.donation.manageInvalidTitle')}>
        <Text>{t('kinds.donation.manageInvalidText')}</Text>
      </CenteredPage>
    );
  }
  if (query.isPending) return <LoadingScreen label={t('kinds.donation.manageLoading')} />;
  if (query.isError) {
    return (
      <CenteredPage title={t('kinds.donation.manageTitle')}>
        <Alert color="danger" variant="light" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{t('kinds.donation.manageLoadFailed')}</Text>
            <Button variant="default" onClick={() => void query.refetch()}>
              {t('kinds.donation.manageRetry')}
            </Button>
          </Stack>
        </Alert>
      </CenteredPage>
    );
  }
  const { subscription, checkout = { driver: 'sandbox' } } = query.data;
  return (
    <CenteredPage title={t('kinds.donation.manageTitle')} size="md">
      <SubscriptionSummary subscription={subscription} />
      {!isClosed(subscription.status) && (
        <>
          <Divider />
          <ChangeCardSection token={token} checkout={checkout} amount={subscription.amount} onSaved={onSaved} />
          <Divider />
          <ChangeDateSection
            key={subscription.process_at}
            token={token}
            processAt={subscription.process_at}
            onSaved={onSaved}
          />
          <Divider />
          <CancelSection token={token} onSaved={onSaved} />
        </>
      )}
    </CenteredPage>
  );
}
