import { Alert, Button, Stack } from '@mantine/core';
import type { MessageKey } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { useZoneCheck } from './useZoneCheck';

interface ConnectionCheckProps {
  communityId: number;
  zoneId: number;
  variant?: 'filled' | 'default';
  onChecked?: (nsOk: boolean) => void;
}

/**
 * 'Testar conexão' with its answer: 'Os servidores DNS foram sincronizados...' or 'A alteração de servidores DNS
 * ainda está pendente' (spec 01 §8), announced politely where the button is.
 */
export function ConnectionCheck({ communityId, zoneId, variant = 'default', onChecked }: ConnectionCheckProps) {
  const { t } = useTranslation();
  const check = useZoneCheck(communityId, zoneId);
  const answer = check.data;
  return (
    <Stack gap="sm" align="flex-start">
      <Button
        variant={variant}
        loading={check.isPending}
        onClick={() => check.mutate(undefined, { onSuccess: (zone) => onChecked?.(zone.ns_ok) })}
      >
        {t('domains.testConnection')}
      </Button>
      <div role="status">
        {answer && !check.isPending && (
          <Alert color={answer.ns_ok ? 'success' : 'yellow'} variant="light">
            {t(answer.message as MessageKey)}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
