import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { registerSchema } from '@mutirao/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, refusalMessage } from '../../api/client';
import { loginPath } from '../../api/navigation';
import { signUp } from '../../auth/authApi';
import { NewPasswordFields } from '../../auth/NewPasswordFields';
import { useSession } from '../../auth/SessionProvider';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { CenteredPage } from '../../shell/layouts/CenteredPage';
import { LoadingScreen } from '../../shell/layouts/LoadingScreen';
import { showSuccess } from '../../shell/toasts';
import { acceptInvitation, fetchInvitation, type InvitationAbout, invitationKey } from './teamApi';

const STATUS_TEXT = {
  accepted: 'team.invitationAccepted',
  expired: 'team.invitationExpired',
  revoked: 'team.invitationRevoked',
} as const;

/** Joins with the code, then opens the community: the session learns of it first, so it can be selected. */
function useJoin(code: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh, selectCommunity } = useSession();
  return async () => {
    const { community } = await acceptInvitation(code);
    await refresh();
    selectCommunity(community);
    showSuccess(t('team.joined', { community: community.name }), t('team.tab'));
    navigate('/mobilizations', { replace: true });
  };
}

/** Someone with no account: the invitation's e-mail, fixed, and a password; the new account joins at once. */
function RegisterAndJoin({ code, invitation }: { code: string; invitation: InvitationAbout }) {
  const { t } = useTranslation();
  const join = useJoin(code);
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: registerSchema,
    defaultValues: { name: '', email: invitation.email, password: '', password_confirmation: '' },
    submit: async (values) => {
      await signUp({ ...values, email: invitation.email });
      await join();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('team.registerIntro')}</Text>
        <TextInput label={t('auth.name')} autoComplete="given-name" required {...field('name')} />
        <TextInput label={t('auth.email')} type="email" readOnly {...field('email')} />
        <NewPasswordFields field={field} />
        <FormAlert message={serverError} />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t('team.registerAndJoin')}
        </Button>
      </Stack>
    </form>
  );
}

/** A signed-in user with the invited e-mail joins as soon as the page opens. */
function JoinNow({ code }: { code: string }) {
  const { t } = useTranslation();
  const join = useJoin(code);
  const joining = useMutation({ mutationFn: join, meta: { showsErrors: 'refusals' } });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    joining.mutate();
  }, [joining]);
  const refusal = refusalMessage(joining.error);
  if (refusal)
    return (
      <Alert color="danger" variant="light" role="alert">
        {refusal}
      </Alert>
    );
  return (
    <Stack align="center" gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('team.joining')}</Text>
    </Stack>
  );
}

/** Signed in as someone else: say whom the invitation is for, and offer to switch account and come back. */
function OtherAccount({ code, invitation, current }: { code: string; invitation: InvitationAbout; current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logout } = useSession();
  const back = `/invitation/${code}`;
  const switchAccount = async () => {
    await logout();
    navigate(invitation.account_exists ? loginPath(back) : back, { replace: true });
  };
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="alert">
        {t('team.invitationOtherEmail', { email: invitation.email })} {t('team.invitationSignedInAs', { current })}
      </Alert>
      <Button onClick={() => void switchAccount()}>{t('team.switchAccount', { email: invitation.email })}</Button>
    </Stack>
  );
}

function Ended({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="gray" variant="light" role="alert">
        {text}
      </Alert>
      <Anchor component={Link} to="/">
        {t('team.goHome')}
      </Anchor>
    </Stack>
  );
}

/**
 * `/invitation/:code`, where the invitation e-mail's link lands. A used, expired, revoked or replaced code gets a page
 * that says so. Otherwise: the invited user signed in joins at once; someone else signed in may switch account; with no
 * session, one signs in (an account exists) or registers with the e-mail fixed, and joins.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const { user } = useSession();
  const about = useQuery({
    queryKey: invitationKey(code),
    queryFn: () => fetchInvitation(code),
    retry: false,
    meta: { showsErrors: 'refusals' },
  });
  const invitation = about.data?.invitation;
  const title = invitation ? t('team.invitationTitle', { community: invitation.community.name }) : t('team.tab');

  let body: React.ReactNode;
  if (about.isPending) body = <LoadingScreen label={t('app.loading')} inline />;
  else if (about.error instanceof ApiError && about.error.status === 404)
    body = <Ended text={t('team.invitationNotFound')} />;
  else if (!invitation) body = <Ended text={t('toast.requestErrorMessage')} />;
  else if (invitation.status !== 'pending') body = <Ended text={t(STATUS_TEXT[invitation.status])} />;
  else if (user && user.email.toLowerCase() === invitation.email) body = <JoinNow code={code} />;
  else if (user) body = <OtherAccount code={code} invitation={invitation} current={user.email} />;
  else if (invitation.account_exists)
    body = (
      <Stack gap="md">
        <Text>{t('team.loginIntro', { email: invitation.email })}</Text>
        <Button component={Link} to={loginPath(`/invitation/${code}`)}>
          {t('team.loginToJoin')}
        </Button>
      </Stack>
    );
  else body = <RegisterAndJoin code={code} invitation={invitation} />;

  return (
    <CenteredPage
      title={title}
      subtitle={
        invitation?.status === 'pending'
          ? t('team.invitationIntro', { inviter: invitation.invited_by ?? '', community: invitation.community.name })
          : undefined
      }
    >
      {body}
    </CenteredPage>
  );
}
