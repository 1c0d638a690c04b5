import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchMailbox, MAILBOX_QUERY_KEY } from './mailboxApi';

/** In the sandbox no e-mail leaves the server; point the reader to where it went. Hidden with real SMTP. */
export function SandboxMailboxLink() {
  const { t } = useTranslation();
  const mailbox = useQuery({
    queryKey: MAILBOX_QUERY_KEY,
    queryFn: fetchMailbox,
    retry: false,
    // Only asks whether there is a mailbox to link to: without one (production) the link is simply absent.
    meta: { showsErrors: 'all' },
  });
  if (!mailbox.isSuccess) return null;
  return (
    <Anchor component={Link} to="/dev/mailbox" size="sm">
      {t('mailbox.open')}
    </Anchor>
  );
}
