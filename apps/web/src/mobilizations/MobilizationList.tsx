import { Anchor, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCommunityDates } from '../communities/useCommunityDates';
import { Icon } from '../shell/icons';
import { MobilizationRowMenu } from './MobilizationRowMenu';
import type { MobilizationListItem } from './mobilizationsApi';

interface MobilizationListProps {
  mobilizations: MobilizationListItem[];
  /** A row was archived or activated and has left this list. */
  onMoved(): void;
}

/**
 * Rows of spec 01 §2: image, name, goal, creation date (dd/mm/yyyy), users count, fund raising (R$), the page's
 * schedule when it has one (issue 34), and the more-menu.
 */
export function MobilizationList({ mobilizations, onMoved }: MobilizationListProps) {
  const { t } = useTranslation();
  const { date, dateTime } = useCommunityDates();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {mobilizations.map((m) => (
        <Card component="li" key={m.id} withBorder padding="md">
          <Group wrap="nowrap" align="flex-start" gap="md">
            {/* On a phone the text needs the row's width more than the picture does. */}
            <Box visibleFrom="xs">
              {m.image ? (
                <Image src={m.image} alt="" w={96} h={64} fit="cover" radius="sm" />
              ) : (
                <Box w={96} h={64} bg="brand.0" style={{ borderRadius: 4, display: 'grid', placeItems: 'center' }}>
                  <Icon name="megaphone" size={24} color="var(--mantine-color-brand-7)" />
                </Box>
              )}
            </Box>
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Title order={2} size="h4">
                <Anchor component={Link} to={`/mobilizations/${m.id}/edit`} c="inherit" fw={800} underline="hover">
                  {m.name}
                </Anchor>
              </Title>
              <Text size="sm" lineClamp={2}>
                {m.goal}
              </Text>
              <Group gap="lg" wrap="wrap" style={{ rowGap: 0 }}>
                <Text size="sm" c="dimmed">
                  {t('mobilizations.createdAt', { date: date(m.created_at) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('mobilizations.usersCount', { count: m.users_count })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('mobilizations.fundRaising', { amount: formatMoney(Number(m.total_fund_raising)) })}
                </Text>
              </Group>
              {m.publish_at && (
                <Text size="sm" fw={600} c="brand.8">
                  {t('publishing.scheduledPublish', { date: dateTime(m.publish_at) })}
                </Text>
              )}
              {m.unpublish_at && (
                <Text size="sm" fw={600} c="brand.8">
                  {t('publishing.scheduledUnpublish', { date: dateTime(m.unpublish_at) })}
                </Text>
              )}
            </Stack>
            <MobilizationRowMenu mobilization={m} onMoved={onMoved} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
