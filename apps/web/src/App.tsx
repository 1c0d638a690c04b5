import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SessionProvider } from './auth/SessionProvider';
import { AppRoutes } from './routes';
import { queryClient } from './shell/queryClient';
import { SkipLink } from './shell/SkipLink';
import { cssVariablesResolver, theme } from './shell/theme';

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
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
