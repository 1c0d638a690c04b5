import { Button, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_FILTER } from '../activists/listParams';
import { useSession } from '../auth/SessionProvider';
import { TitledPage } from '../shell/layouts/TitledPage';
import { usePhoneWidth } from '../shell/usePhoneWidth';
import {
  type Audience,
  type Campaign,
  campaignsKey,
  type MessageValues,
  type Segmentation,
  sentCounts,
} from './botApi';
import { CampaignList } from './CampaignList';
import { MessageStep } from './MessageStep';
import { SegmentationStep } from './SegmentationStep';

type Sent = Partial<Campaign> & { skipped_count?: number };

/**
 * `/bot`: the mass-message wizard (spec 01 §4: step 0 search, step 1 message, step 2 enqueued; it may restart) and,
 * under it, the campaigns already sent with their counts. Each step's heading takes the focus when it opens.
 */
export default function BotPage() {
  const { t } = useTranslation();
  const { community } = useSession();
  const communityId = community?.id ?? 0;
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [segmentation, setSegmentation] = useState<Segmentation>({ filter: EMPTY_FILTER });
  const [audience, setAudience] = useState<Audience>();
  const [sent, setSent] = useState<Sent>();
  const [draft, setDraft] = useState<MessageValues>();
  const heading = useRef<HTMLHeadingElement>(null);
  const narrow = usePhoneWidth();
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows the step
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const { reached, skipped } = sentCounts(sent, audience);

  return (
    <TitledPage title={t('massMessages.title')} description={t('massMessages.intro')}>
      <Paper withBorder p="md">
        <Stepper
          active={step}
          size="sm"
          mb="lg"
          aria-label={t('massMessages.steps')}
          allowNextStepsSelect={false}
          // On a phone the three steps do not fit a row: wrapped, a separator dangled with nothing after it.
          orientation={narrow ? 'vertical' : 'horizontal'}
        >
          <Stepper.Step
            label={t('massMessages.stepSegmentation')}
            description={t('massMessages.stepOf', { step: 1 })}
          />
          <Stepper.Step label={t('massMessages.stepMessage')} description={t('massMessages.stepOf', { step: 2 })} />
          <Stepper.Step label={t('massMessages.stepDone')} description={t('massMessages.stepOf', { step: 3 })} />
        </Stepper>
        {step === 0 && (
          <SegmentationStep
            communityId={communityId}
            headingRef={heading}
            value={segmentation}
            onChange={setSegmentation}
            onNext={(found) => {
              setAudience(found);
              setStep(1);
            }}
          />
        )}
        {step === 1 && audience && (
          <MessageStep
            communityId={communityId}
            headingRef={heading}
            segmentation={segmentation}
            audience={audience}
            draft={draft}
            onBack={(typed) => {
              setDraft(typed);
              setStep(0);
            }}
            onSent={(campaign) => {
              setSent(campaign);
              setStep(2);
              void queryClient.invalidateQueries({ queryKey: campaignsKey(communityId) });
            }}
          />
        )}
        {step === 2 && (
          <Stack gap="md" align="flex-start">
            <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {t('massMessages.doneTitle')}
            </Title>
            <Text role="status">
              {t('massMessages.doneReached', { count: reached })}
              {skipped > 0 && ` ${t('massMessages.skipped', { count: skipped })}.`}
            </Text>
            <Button
              onClick={() => {
                setSent(undefined);
                setDraft(undefined);
                setAudience(undefined);
                setSegmentation({ filter: EMPTY_FILTER });
                setStep(0);
              }}
            >
              {t('massMessages.again')}
            </Button>
          </Stack>
        )}
      </Paper>
      <CampaignList communityId={communityId} />
    </TitledPage>
  );
}
