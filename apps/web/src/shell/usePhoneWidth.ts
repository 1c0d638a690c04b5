import { useMediaQuery } from '@mantine/hooks';

/** Whether the screen is a phone's width (below Mantine's `xs`, 36em): the screens that fold their layout for it. */
export function usePhoneWidth(): boolean {
  return useMediaQuery('(max-width: 36em)') ?? false;
}
