import { Button, EmptyState, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../shell/icons';
import type { MobilizationStatus } from './mobilizationsApi';

/** No mobilization yet (or none archived): say so, and offer the next step. */
export function MobilizationsEmpty({ status }: { status: MobilizationStatus }) {
  const { t } = useTranslation();
  const archived = status === 'archived';
  return (
    <Paper withBorder p="xl">
      <EmptyState variant="light" color="brand" icon={<Icon name="megaphone" size={28} />}>
        <EmptyState.Title order={2}>
          {archived ? t('mobilizations.emptyArchived') : t('mobilizations.empty')}
        </EmptyState.Title>
        <EmptyState.Description>
          {archived ? t('mobilizations.emptyArchivedHelp') : t('mobilizations.emptyHelp')}
        </EmptyState.Description>
        <EmptyState.Actions>
          {archived ? (
            <Button component={Link} to="/mobilizations" variant="light">
              {t('mobilizations.showActive')}
            </Button>
          ) : (
            <Button component={Link} to="/mobilizations/new" leftSection={<Icon name="plus" size={18} />}>
              {t('mobilizations.new')}
            </Button>
          )}
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
