import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../useDocumentTitle';

interface TitledPageProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  /** Under the title, e.g. a tab navigation. */
  below?: ReactNode;
  children: ReactNode;
}

/** The titled-page shell (spec 01 §2): a header with the page's h1, then its content. */
export function TitledPage({ title, description, actions, below, children }: TitledPageProps) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Box component="header">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description && <Text c="dimmed">{description}</Text>}
          </Stack>
          {actions}
        </Group>
        {below && <Box mt="md">{below}</Box>}
      </Box>
      {children}
    </Stack>
  );
}
