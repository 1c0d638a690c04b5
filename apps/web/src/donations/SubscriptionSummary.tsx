import { Alert, Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { cardBrandName, formatDate, formatMoney, periodLabelKey, timeZoneOr } from '@mutirao/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedSubscription } from './manageApi';
import { brazilianDate, isClosed, statusKey } from './manageFormat';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/** What the donor gives, how often, to whom, when the next charge comes and on which card. */
export function SubscriptionSummary({ subscription: s }: { subscription: ManagedSubscription }) {
  const { t } = useTranslation();
  const none = t('kinds.donation.manageNone');
  const closed = isClosed(s.status);
  return (
    <Stack gap="md">
      <Text>
        {s.mobilization.name
          ? t('kinds.donation.manageIntro', { page: s.mobilization.name, community: s.community.name })
          : t('kinds.donation.manageIntroCommunity', { community: s.community.name })}
      </Text>
      {s.status === 'canceled' && (
        <Alert color="gray" variant="light" role="status">
          {/* An instant, not a calendar date: its day in the community's zone, not in UTC (22:30 in Recife is tomorrow in UTC). */}
          {t('kinds.donation.manageCanceledOn', {
            date: s.canceled_at ? formatDate(s.canceled_at, timeZoneOr(s.community.time_zone)) : none,
          })}
        </Alert>
      )}
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
        <Item label={t('kinds.donation.manageAmount')}>
          {t('kinds.donation.manageAmountValue', {
            amount: formatMoney(s.amount),
            period: t(periodLabelKey(s.period)),
          })}
        </Item>
        <Item label={t('kinds.donation.manageStatus')}>
          <Badge color={closed ? 'gray' : s.status === 'unpaid' ? 'danger' : 'success'} variant="light" size="lg">
            {t(statusKey(s.status))}
          </Badge>
        </Item>
        <Item label={t('kinds.donation.manageNextCharge')}>
          {closed ? none : (brazilianDate(s.process_at) ?? none)}
        </Item>
        <Item label={t('kinds.donation.manageCard')}>
          {s.card?.last_digits
            ? t('kinds.donation.manageCardValue', {
                brand: cardBrandName(s.card.brand ?? ''),
                digits: s.card.last_digits,
              })
            : t('kinds.donation.manageNoCard')}
        </Item>
      </SimpleGrid>
    </Stack>
  );
}
