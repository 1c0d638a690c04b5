import { Box, List, Text } from '@mantine/core';
import { isSandboxService } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';

/**
 * On every screen of a production server that runs some services on their sandbox (ALLOW_SANDBOX): which ones, and
 * what does not happen because of it. White on red 9 (contrast above 5:1); the text wraps on a phone.
 */
export function SandboxBanner() {
  const { t } = useTranslation();
  const services = useSession().sandboxedServices.filter(isSandboxService);
  if (services.length === 0) return null;
  return (
    <Box
      role="status"
      bg="red.9"
      c="white"
      px="md"
      py="sm"
      mb="md"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text fw={700} size="sm">
        {t('sandboxBanner.title')}
      </Text>
      <List size="sm" c="white" spacing={2} mt={4}>
        {services.map((service) => (
          <List.Item key={service}>{t(`sandboxBanner.services.${service}`)}</List.Item>
        ))}
      </List>
    </Box>
  );
}
