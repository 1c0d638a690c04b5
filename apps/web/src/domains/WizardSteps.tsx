import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface WizardStepsProps {
  label: string;
  steps: string[];
  /** The step shown, from 0. */
  current: number;
  /** Which steps are complete (spec 01 §4: the launch flow and the domain wizard say when). */
  complete: boolean[];
}

/**
 * Where a wizard stands: an ordered list, the current step marked with `aria-current="step"` and the complete ones
 * ticked. Steps are not buttons: each wizard moves with its own actions.
 */
export function WizardSteps({ label, steps, current, complete }: WizardStepsProps) {
  const { t } = useTranslation();
  return (
    <Group component="ol" aria-label={label} gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
      {steps.map((step, i) => {
        const done = complete[i];
        const here = i === current;
        return (
          <Group component="li" key={step} gap="xs" wrap="nowrap" aria-current={here ? 'step' : undefined}>
            <ThemeIcon
              radius="xl"
              size={28}
              variant={done ? 'filled' : here ? 'light' : 'default'}
              color={done ? 'success.8' : 'blue'}
              aria-hidden
            >
              <Text size="sm" fw={700} c="inherit">
                {done ? '✓' : i + 1}
              </Text>
            </ThemeIcon>
            <Text fw={here ? 800 : 500} c={here || done ? undefined : 'dimmed'}>
              {step}
              {done && <VisuallyHidden>{` (${t('domains.stepComplete')})`}</VisuallyHidden>}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
