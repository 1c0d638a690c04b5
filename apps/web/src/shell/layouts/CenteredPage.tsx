import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { BrandMark } from '../BrandMark';
import { useDocumentTitle } from '../useDocumentTitle';
import { BackgroundImageLayout } from './BackgroundImageLayout';

interface CenteredPageProps {
  title: string;
  subtitle?: ReactNode;
  /** Extra controls in the top bar, next to the language switch (e.g. sign-out). */
  topActions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

const WIDTHS = { sm: 460, md: 640, lg: 900 } as const;

/** The centred-page shell (spec 01 §2) of the sign-in screens and other pages outside the sidebar. */
export function CenteredPage({ title, subtitle, topActions, size = 'sm', children }: CenteredPageProps) {
  useDocumentTitle(title);
  return (
    <BackgroundImageLayout>
      <Box component="header" px="lg" py="md">
        <Group justify="space-between" align="flex-end">
          <BrandMark />
          <Group gap="sm" align="flex-end">
            {topActions}
            <LanguageSwitch compact />
          </Group>
        </Group>
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} pb="xl" style={{ outline: 'none' }}>
        <Container size={WIDTHS[size]} px="md" pt={{ base: 'md', sm: 48 }}>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle && <Text c="dimmed">{subtitle}</Text>}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Container>
      </Box>
    </BackgroundImageLayout>
  );
}
