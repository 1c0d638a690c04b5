import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { massMessageSchema, parseMassMessageTarget } from '@mutirao/core';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { Icon } from '../shell/icons';
import {
  type Audience,
  type Campaign,
  enqueueMassMessage,
  type MessageValues,
  type Segmentation,
  sendTest,
  type TestResult,
  withTarget,
} from './botApi';
import { ConfirmSend } from './ConfirmSend';

const TEST_LABELS = {
  sent: 'massMessages.testSent',
  not_subscribed: 'massMessages.testNotSubscribed',
  failed: 'massMessages.testFailed',
} as const;

interface MessageStepProps {
  communityId: number;
  headingRef: Ref<HTMLHeadingElement>;
  segmentation: Segmentation;
  audience: Audience;
  /** What was typed before going back to step 0. */
  draft?: MessageValues;
  onBack(draft: MessageValues): void;
  onSent(campaign: Partial<Campaign> & { skipped_count?: number }): void;
}

/**
 * Step 1 of the mass-message wizard (spec 01 §5): name and text required ('Obrigatório'), the quick reply's redirect
 * and button text both or neither ('Preencha'), test targets typed one by one and added with Ctrl+Enter or Cmd+Enter
 * as removable chips (invalid ones flagged), a test send with each target's result, and the send itself.
 */
export function MessageStep({
  communityId,
  headingRef,
  segmentation,
  audience,
  draft,
  onBack,
  onSent,
}: MessageStepProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [targets, setTargets] = useState<string[]>([]);
  const [results, setResults] = useState<TestResult[]>();
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: massMessageSchema,
    defaultValues: {
      community_id: communityId,
      name: draft?.name ?? '',
      text: draft?.text ?? '',
      quick_reply_redirect: draft?.quick_reply_redirect ?? '',
      quick_reply_button_text: draft?.quick_reply_button_text ?? '',
    },
    submit: async (values) => {
      onSent(await enqueueMassMessage(communityId, values as MessageValues, segmentation));
    },
  });
  const valid = targets.filter((target) => parseMassMessageTarget(target));
  const test = useMutation({
    mutationFn: () => sendTest(communityId, form.getValues() as MessageValues, valid),
    onSuccess: setResults,
    meta: { showsErrors: 'all' },
  });

  const addTarget = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter in this field never sends the form: a target half typed must not send the campaign to everyone.
    event.preventDefault();
    if (!(event.ctrlKey || event.metaKey)) return;
    setTargets(withTarget(targets, typed));
    setTyped('');
  };
  const runTest = async () => {
    if (await form.trigger(['text', 'quick_reply_redirect', 'quick_reply_button_text'])) test.mutate();
  };
  const count = audience.total;
  // The form's submit only checks the fields and asks; the dialog's 'Enviar agora' sends.
  const [confirming, setConfirming] = useState(false);
  const ask = form.handleSubmit(() => setConfirming(true));
  const send = async () => {
    await onSubmit();
    setConfirming(false);
  };

  return (
    <Stack component="form" gap="md" onSubmit={ask}>
      <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {t('massMessages.stepMessage')}
      </Title>
      <TextInput
        label={t('massMessages.name')}
        description={t('massMessages.nameHelp')}
        withAsterisk
        {...field('name')}
      />
      <Textarea label={t('massMessages.text')} withAsterisk autosize minRows={4} {...field('text')} />
      <Group grow align="flex-start">
        <TextInput
          label={t('massMessages.quickReplyRedirect')}
          description={t('massMessages.quickReplyRedirectHelp')}
          {...field('quick_reply_redirect')}
        />
        <TextInput label={t('massMessages.quickReplyButtonText')} {...field('quick_reply_button_text')} />
      </Group>
      <Stack gap="xs">
        <TextInput
          label={t('massMessages.targets')}
          description={t('massMessages.targetsHelp')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={addTarget}
        />
        {targets.length > 0 && (
          <Group
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('massMessages.targetsList')}
          >
            {targets.map((target) => {
              const ok = parseMassMessageTarget(target) !== null;
              return (
                <li key={target}>
                  <Badge
                    size="lg"
                    variant={ok ? 'light' : 'outline'}
                    color={ok ? 'brand' : 'danger'}
                    tt="none"
                    rightSection={
                      <ActionIcon
                        size="xs"
                        variant="transparent"
                        color={ok ? 'brand' : 'danger'}
                        aria-label={t('massMessages.removeTarget', { target })}
                        onClick={() => setTargets(targets.filter((x) => x !== target))}
                      >
                        <Icon name="close" size={14} />
                      </ActionIcon>
                    }
                  >
                    {target}
                  </Badge>
                  {!ok && (
                    <Text size="xs" c="danger.8">
                      {t('massMessages.targetInvalid')}
                    </Text>
                  )}
                </li>
              );
            })}
          </Group>
        )}
        <Group>
          <Button variant="default" disabled={valid.length === 0} loading={test.isPending} onClick={runTest}>
            {t('massMessages.sendTest')}
          </Button>
        </Group>
        {test.isError && (
          <Alert color="danger" variant="light" role="alert">
            {(test.error instanceof ApiError && test.error.kind === 'response'
              ? [...test.error.messages, ...Object.values(test.error.fields).flat()].join(' ')
              : '') || t('massMessages.testUnavailable')}
          </Alert>
        )}
        {results && (
          <Stack gap={2} role="status" aria-label={t('massMessages.testResults')}>
            {results.map((r) => (
              <Text key={r.target} size="sm">
                {r.target}: {t(TEST_LABELS[r.status] ?? 'massMessages.testFailed')}
                {r.message ? ` (${r.message})` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <FormAlert message={serverError} />
      <Group justify="space-between">
        <Button variant="default" onClick={() => onBack(form.getValues() as MessageValues)}>
          {t('massMessages.back')}
        </Button>
        <Button type="submit">{t('massMessages.send', { count })}</Button>
      </Group>
      <ConfirmSend
        opened={confirming}
        count={count}
        message={form.getValues() as MessageValues}
        sending={form.formState.isSubmitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
    </Stack>
  );
}
