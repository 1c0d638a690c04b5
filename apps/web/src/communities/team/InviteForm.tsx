import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { invitationSchema, ROLES } from '@mutirao/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../forms/FormAlert';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { showSuccess } from '../../shell/toasts';
import { invitationsKey, sendInvitation } from './teamApi';

/**
 * Invite by e-mail (spec 01 §3 Invitation {email, role}, §9 role 2 by default). Only an admin is offered role 1;
 * the server refuses it to anyone else as well.
 */
export function InviteForm({ communityId, canInviteAdmins }: { communityId: number; canInviteAdmins: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const { form, onSubmit, field, errorOf, serverError } = useSchemaForm({
    schema: invitationSchema,
    defaultValues: { email: '', role: ROLES.mobilizer as number },
    submit: async (values) => {
      const { invitation } = await sendInvitation(communityId, values);
      showSuccess(t('team.invited', { email: invitation.email }));
      // The field is emptied for the next address only if it still holds the one sent, and at once: waiting for
      // the list to be read again wiped whatever the organiser had started typing meanwhile.
      if (form.getValues('email') === values.email) form.reset({ email: '', role: ROLES.mobilizer });
      else form.reset(form.getValues());
      void queryClient.invalidateQueries({ queryKey: invitationsKey(communityId) });
    },
  });
  const roles = [
    { value: String(ROLES.mobilizer), label: t('team.roleMobilizer') },
    { value: String(ROLES.admin), label: t('team.roleAdmin'), disabled: !canInviteAdmins },
  ];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {t('team.inviteTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('team.inviteHelp')}
            </Text>
          </div>
          <Group align="flex-start" gap="sm" grow preventGrowOverflow={false}>
            <TextInput label={t('team.email')} type="email" autoComplete="off" required {...field('email')} />
            <Controller
              control={form.control}
              name="role"
              render={({ field: role }) => (
                <Select
                  label={t('team.role')}
                  data={roles}
                  value={String(role.value)}
                  onChange={(value) => role.onChange(Number(value ?? ROLES.mobilizer))}
                  allowDeselect={false}
                  description={canInviteAdmins ? undefined : t('team.roleAdminHelp')}
                  error={errorOf('role')}
                  maw={260}
                />
              )}
            />
          </Group>
          <FormAlert message={serverError} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('team.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
