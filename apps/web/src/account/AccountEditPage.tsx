import { Alert, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TitledPage } from '../shell/layouts/TitledPage';
import { AccountForm } from './AccountForm';
import { fetchMe, ME_QUERY_KEY } from './accountApi';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SignOutEverywhere } from './SignOutEverywhere';

/** `/account/edit`: the signed-in user's own details and photo (spec 01 §2), saved for real; the password change. */
export default function AccountEditPage() {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe });
  return (
    <TitledPage title={t('account.title')}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640}>
        {me.data && <AccountForm user={me.data} />}
        {me.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {me.isError && (
          <Alert color="danger" variant="light" role="alert">
            {t('toast.requestErrorMessage')}
          </Alert>
        )}
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg">
        <ChangePasswordForm />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg">
        <SignOutEverywhere />
      </Paper>
    </TitledPage>
  );
}
