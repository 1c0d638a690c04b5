import { AppShell, Box, Burger, Divider, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatch } from 'react-router';
import { BrandMark } from './BrandMark';
import { FullHeightColumn } from './layouts/FullHeightColumn';
import { LoadingScreen } from './layouts/LoadingScreen';
import { SandboxBanner } from './SandboxBanner';
import { CommunityNav } from './sidebar/CommunityNav';
import { MobilizationNav } from './sidebar/MobilizationNav';
import { SidebarCommunity } from './sidebar/SidebarCommunity';
import { SidebarFooter } from './sidebar/SidebarFooter';

const NAVBAR_ID = 'app-sidebar';

/** A mobilization context is `/mobilizations/{id}/...`; `/mobilizations/new` and the template list are not. */
function useMobilizationId(): number | undefined {
  const match = useMatch('/mobilizations/:id/*');
  const id = Number(match?.params.id);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The signed-in frame: sidebar (a burger menu on narrow screens) and the page in `main`. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const mobilizationId = useMobilizationId();

  // A link followed from the burger menu should reveal the page, not leave the menu over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of address.
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: { base: 60, sm: 0 } }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header hiddenFrom="sm" px="md">
        <Group h="100%" justify="space-between">
          <BrandMark />
          <Burger
            opened={opened}
            onClick={toggle}
            aria-label={opened ? t('sidebar.closeMenu') : t('sidebar.openMenu')}
            aria-expanded={opened}
            aria-controls={NAVBAR_ID}
          />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id={NAVBAR_ID} p="md" aria-label={t('sidebar.navigation')}>
        <FullHeightColumn
          header={
            <>
              <Box visibleFrom="sm" mb="md">
                <BrandMark />
              </Box>
              <SidebarCommunity />
              <Divider my="md" />
            </>
          }
          footer={
            <>
              <Divider my="md" />
              <SidebarFooter />
            </>
          }
        >
          {mobilizationId ? <MobilizationNav id={mobilizationId} /> : <CommunityNav />}
        </FullHeightColumn>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0" style={{ outline: 'none' }}>
        <SandboxBanner />
        <Suspense fallback={<LoadingScreen label={t('app.loading')} inline />}>{children ?? <Outlet />}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
