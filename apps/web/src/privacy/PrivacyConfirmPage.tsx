import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredPage } from '../shell/layouts/CenteredPage';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { confirmErasure, fetchDataRequest, isInvalidLink, personalDataUrl } from './privacyApi';

/**
 * `/privacy/requests/{token}`: what the e-mailed link opens. Opening it proves the address is the visitor's; a copy
 * is then two downloads, and an erasure asks once more before it is carried out. A wrong, expired or used link is a
 * page that says so.
 */
export default function PrivacyConfirmPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const request = useQuery({
    queryKey: ['data-requests', 'open', token],
    queryFn: () => fetchDataRequest(token),
    enabled: token !== '',
    retry: (count, error) => !isInvalidLink(error) && count < 2,
    meta: { showsErrors: 'refusals' },
  });
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: () => confirmErasure(token),
    onSettled: () => setConfirming(false),
    meta: { showsErrors: 'refusals' },
  });

  if (erase.isSuccess) {
    return (
      <CenteredPage title={t('dataRequests.title')}>
        <Alert color="success" variant="light" role="status">
          {t('dataRequests.erased')}
        </Alert>
      </CenteredPage>
    );
  }
  if (!token || (request.isError && isInvalidLink(request.error))) {
    return (
      <CenteredPage title={t('dataRequests.title')}>
        <Text>{t('dataRequests.invalid')}</Text>
      </CenteredPage>
    );
  }
  if (request.isPending) return <LoadingScreen label={t('dataRequests.loading')} />;
  if (request.isError) {
    return (
      <CenteredPage title={t('dataRequests.title')}>
        <Alert color="danger" variant="light" role="alert">
          {t('dataRequests.failed')}
        </Alert>
      </CenteredPage>
    );
  }
  const { kind, community_name: community, email } = request.data.data_request;
  if (kind === 'access') {
    return (
      <CenteredPage title={t('dataRequests.accessTitle', { community })}>
        <Stack gap="md">
          <Text>{t('dataRequests.accessHelp', { community, email })}</Text>
          <Button component="a" href={personalDataUrl(token, 'csv')} download>
            {t('dataRequests.downloadCsv')}
          </Button>
          <Button component="a" variant="default" href={personalDataUrl(token, 'json')} download>
            {t('dataRequests.downloadJson')}
          </Button>
        </Stack>
      </CenteredPage>
    );
  }
  return (
    <CenteredPage title={t('dataRequests.erasureTitle', { community })}>
      <Stack gap="md">
        <Text>{t('dataRequests.erasureHelp', { community })}</Text>
        {erase.isError && (
          <Alert color="danger" variant="light" role="alert">
            {isInvalidLink(erase.error) ? t('dataRequests.invalid') : t('dataRequests.failed')}
          </Alert>
        )}
        <Button color="danger" onClick={() => setConfirming(true)}>
          {t('dataRequests.erasureButton')}
        </Button>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('dataRequests.erasureConfirmTitle')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        centered
      >
        <Stack gap="md">
          <Text>{t('dataRequests.erasureConfirmText', { community, email })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t('dataRequests.cancel')}
            </Button>
            <Button color="danger" loading={erase.isPending} onClick={() => erase.mutate()}>
              {t('dataRequests.erasureConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </CenteredPage>
  );
}
