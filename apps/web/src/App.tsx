import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './api/queryClient';
import { SessionProvider } from './auth/SessionProvider';
import { AppRoutes } from './routes';
import { SkipLink } from './shell/SkipLink';
import { cssVariablesResolver, theme } from './shell/theme';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SkipLink />
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
