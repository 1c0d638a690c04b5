import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from './auth/SessionProvider';
import { AppRoutes } from './routes';
import { queryClient } from './shell/queryClient';
import { SkipLink } from './shell/SkipLink';
import { appTheme, cssVariablesResolver } from './shell/theme';

function Root() {
  return (
    <>
      <SkipLink />
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </>
  );
}

/**
 * A data router around the app's routes, so screens can block navigation while they hold unsaved changes
 * (`useBlocker`); the routes themselves stay declared in `routes.tsx`.
 */
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language.
  const theme = useMemo(
    () => appTheme({ showCharacters: t('auth.showCharacters'), close: t('app.close') }),
    [i18n.language],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
