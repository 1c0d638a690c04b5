import { Box, Center, Loader, Stack, Text } from '@mantine/core';

interface LoadingScreenProps {
  label: string;
  /** Inside a page that already has its `main`: a centred block instead of a full-screen overlay. */
  inline?: boolean;
}

/** The loading overlay shell (spec 01 §2). The label is announced, the spinner is decoration. */
export function LoadingScreen({ label, inline = false }: LoadingScreenProps) {
  const content = (
    <Stack align="center" gap="sm" role="status" aria-live="polite">
      <Loader color="brand.6" aria-hidden="true" />
      <Text fw={600}>{label}</Text>
    </Stack>
  );
  if (inline) return <Center py="xl">{content}</Center>;
  return (
    <Box component="main" id="main-content" tabIndex={-1} pos="fixed" inset={0} bg="var(--mantine-color-body)">
      <Center h="100%">{content}</Center>
    </Box>
  );
}
