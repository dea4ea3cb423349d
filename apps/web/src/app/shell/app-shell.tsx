import { ActionIcon, Avatar, Box, Burger, Container, Drawer, Group, NavLink as MantineNavLink, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { NavLink, Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { PendingChanges } from '../../components/offline/pending-changes';
import { useAuth } from '../../lib/auth-provider';
import { AssistantWidget } from '../../features/assistant';
import { contactOfflineAppliers } from '../../features/contacts';
import { takeLegacyTaskWrites, taskOfflineAppliers } from '../../features/tasks';
import { useProfile } from '../../features/profile';
import { CallRecorderSync } from '../../features/recordings';
import { SettingsModal, useSavedSettings } from '../../features/settings';
import { useDriveReturn } from '../../features/drive';
import { useStripeConnectReturn } from '../../features/payments';
import { NotificationBell } from '../../features/notifications';
import { scheduleOfflineAppliers } from '../../features/schedule';
import { isDevMode } from '../../lib/dev-mode';
import { OfflineQueueSync, type OfflineAppliers } from '../../lib/offline/offline-queue';
import classes from './app-shell.module.css';
import { AuthDebugPanel, DebugStrip } from './dev-tools';
import { LogoutDialog } from './logout-dialog';
import { ShellProviders } from './shell-providers';
import { isNavItemActive, visibleNavItems } from './nav-items';
import { WorkspaceSearch } from './workspace-search';

/** Each feature's way of showing its queued writes on fetched data (lib/offline). */
const OFFLINE_APPLIERS: OfflineAppliers = { ...taskOfflineAppliers, ...contactOfflineAppliers, ...scheduleOfflineAppliers };

/** The guarded layout's navigation shell (spec 000 §2): header, top navigation (a drawer on phones), page. */
export function AppShellLayout() {
  return (
    <ShellProviders>
      <Shell />
    </ShellProviders>
  );
}

function Shell() {
  const { user } = useAuth();
  const profile = useProfile();
  const location = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const [logoutOpened, logout] = useDisclosure(false);
  const [showDevTools] = useState(isDevMode);
  const items = visibleNavItems(profile.data);
  useSavedSettings();
  // Back from Google's consent page (?drive=connected or ?drive_error=…): the Settings modal opens on Integrations.
  useDriveReturn(settings.open);
  // Back from Stripe's onboarding (?payments=stripe-connect-done or -refresh): the Settings modal opens on Payments.
  useStripeConnectReturn(settings.open);

  useEffect(() => {
    if (profile.error) toast.error(`Failed to load your profile: ${profile.error.message}`, { id: 'profile-error' });
  }, [profile.error]);

  // A navigation from the drawer closes it.
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);

  const initials = initialsOf(profile.data?.full_name || profile.data?.user_name || user?.email || '?');
  return (
    <>
      <header className={classes.header}>
        <div className={classes.topRow}>
          <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="md" size="sm" aria-label="Open navigation" />
          <Link to="/" aria-label="Fieldbook home" style={{ textDecoration: 'none', color: 'inherit' }}>
            <BrandLogo size={30} />
          </Link>
          <Box className={classes.search} visibleFrom="md">
            <WorkspaceSearch />
          </Box>
          <Group gap={6} ml="auto" wrap="nowrap">
            <PendingChanges />
            <NotificationBell />
            <Tooltip label="Settings" withArrow>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Settings" onClick={settings.open}>
                <IconSettings size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Log out" withArrow>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Log out" onClick={logout.open}>
                <IconLogout size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={user?.email ?? ''} withArrow>
              <Avatar radius="xl" size={32} color="fieldbook" variant="light" visibleFrom="sm" ml={4}>
                {initials}
              </Avatar>
            </Tooltip>
          </Group>
        </div>
        <Box visibleFrom="md">
          <nav className={classes.navRow} aria-label="Main navigation">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.navLink} data-active={isNavItemActive(item, location.pathname) || undefined}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        </Box>
      </header>

      <Drawer opened={drawerOpened} onClose={drawer.close} size={300} padding="md" title={<BrandLogo size={28} />} hiddenFrom="md">
        <Stack gap="md">
          <WorkspaceSearch onSearch={drawer.close} />
          <nav aria-label="Main navigation">
            {items.map((item) => (
              <MantineNavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={isNavItemActive(item, location.pathname)}
                fw={600}
                style={{ borderRadius: 'var(--mantine-radius-md)', letterSpacing: '0.04em' }}
              />
            ))}
          </nav>
          {user?.email && (
            <Text size="xs" c="dimmed" px="sm">
              Signed in as {user.email}
            </Text>
          )}
        </Stack>
      </Drawer>

      <Container size="xl" px={{ base: 'md', md: 'xl' }} className={classes.main} component="main">
        <Outlet />
      </Container>

      <SettingsModal opened={settingsOpened} onClose={settings.close} />
      <LogoutDialog opened={logoutOpened} onClose={logout.close} />
      {/* Writes queued offline (lib/offline) are replayed on reconnect, whichever page is open (spec 001 §4). */}
      <OfflineQueueSync appliers={OFFLINE_APPLIERS} legacyWrites={takeLegacyTaskWrites} />
      {/* Inside the mobile app: the call recorder starts and its recordings upload, whichever page is open. */}
      <CallRecorderSync />
      <AssistantWidget />
      {showDevTools && (
        <>
          <DebugStrip />
          <AuthDebugPanel />
        </>
      )}
    </>
  );
}

/** "Dana Ortiz" → "DO"; "dana@x.com" → "DA". */
function initialsOf(name: string): string {
  const words = name.split('@')[0]!.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : name.slice(0, 2);
  return letters.toUpperCase();
}
