import { Alert, Anchor, Text } from '@mantine/core';
import { parseTargets } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useWidgetSettingsContext } from '../action/WidgetSettingsLayout';

/**
 * A new pressure starts without targets (nobody could press it yet): the tabs before the targets' own say so and
 * lead there. `targetsTab` is that tab's route suffix.
 */
export function NoTargetsNotice({ targetsTab }: { targetsTab: string }) {
  const { t } = useTranslation();
  const { settings } = useWidgetSettingsContext();
  const { pathname } = useLocation();
  if (parseTargets(settings.targets).length > 0) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" maw={640}>
      <Text size="sm">
        {t('kinds.pressure.noTargetsNotice')}{' '}
        <Anchor component={Link} to={`${pathname.replace(/\/$/, '')}/${targetsTab}`} size="sm" fw={700}>
          {t('kinds.pressure.addTargets')}
        </Anchor>
      </Text>
    </Alert>
  );
}
