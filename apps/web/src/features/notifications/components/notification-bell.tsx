import type { Notification } from '@fieldbook/contract';
import { ActionIcon, Box, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconBell, IconCircleCheck, IconCircleX, IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { loadedRows } from '../../../lib/offset-pages';
import { invalidateAfter } from '../../../lib/query-roots';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-read';
import { notificationTime, unreadBadge } from '../lib/when';
import classes from './notification-bell.module.css';

function NotificationRow({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const unread = n.read_at === null;
  // A payment beyond what an invoice asks (a credit the contractor owes back) needs looking at: orange, not a success.
  const Icon = n.kind === 'quote_declined' || n.kind === 'payment_failed' ? IconCircleX : n.kind === 'invoice_viewed' ? IconEye : n.kind === 'payment_overpaid' ? IconAlertCircle : IconCircleCheck;
  return (
    <UnstyledButton className={classes.row} data-unread={unread || undefined} onClick={() => onOpen(n)} aria-label={`${unread ? 'Unread: ' : ''}${n.title}`}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box c={n.kind === 'quote_declined' || n.kind === 'payment_failed' ? 'red.6' : n.kind === 'invoice_viewed' ? 'blue.6' : n.kind === 'payment_overpaid' ? 'orange.7' : 'green.7'} pt={2} style={{ flexShrink: 0 }}>
          <Icon size={20} />
        </Box>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={unread ? 700 : 500} className={classes.wrap}>
            {n.title}
          </Text>
          {n.body && (
            <Text size="xs" c="dimmed" lineClamp={2} className={classes.wrap}>
              {n.body}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {notificationTime(n.created_at)}
          </Text>
        </Stack>
        {unread && <span className={classes.dot} aria-hidden="true" />}
      </Group>
    </UnstyledButton>
  );
}

function NotificationPanel({ onOpen }: { onOpen: (n: Notification) => void }) {
  const list = useNotifications({ enabled: true });
  const markAll = useMarkAllNotificationsRead();
  const rows = loadedRows(list.data?.pages, (p) => p.notifications);
  const unread = list.data?.pages[0]?.unread ?? 0;
  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" px="md" py="xs" className={classes.head}>
        <Text fw={700}>Notifications</Text>
        <Button variant="subtle" size="compact-sm" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all read
        </Button>
      </Group>
      {list.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : list.isError ? (
        <Box p="sm">
          <LoadError error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} title="Could not load your notifications" />
        </Box>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" p="md">
          No notifications yet. You will see here when a client approves or declines a quote.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto">
          <Stack gap={0} role="list" aria-label="Notifications">
            {rows.map((n) => (
              <div role="listitem" key={n.id}>
                <NotificationRow n={n} onOpen={onOpen} />
              </div>
            ))}
          </Stack>
          {list.hasNextPage && (
            <Group justify="center" p="xs">
              <Button variant="subtle" size="compact-sm" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </Group>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/**
 * The header's bell (issue 27): the unread count, polled every minute and asked again when the app comes back into
 * view; the panel lists the notifications, each leading to where it happened (a quote on its job) and read when opened.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const count = useUnreadCount();
  const unread = count.data ?? 0;
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A new notification means something changed elsewhere (a client approved a quote): what it tells of is stale too.
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count.data === undefined) return;
    if (seen.current !== undefined && count.data > seen.current) void invalidateAfter(queryClient, 'notification');
    seen.current = count.data;
  }, [count.data, queryClient]);

  const open = (n: Notification) => {
    setOpened(false);
    if (n.read_at === null) markRead.mutate(n.id);
    void invalidateAfter(queryClient, 'notification');
    void navigate(n.link);
  };

  const label = unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : 'Notifications';
  return (
    <Popover opened={opened} onChange={setOpened} withRoles={false} hideDetached={false} position="bottom-end" width="min(380px, calc(100vw - 16px))" shadow="md" radius="md" offset={6} middlewares={{ flip: true, shift: { padding: 8 } }}>
      <Popover.Target>
        {/* The badge sits outside the button (ActionIcon clips it); the button's name says the count. */}
        <Indicator label={unreadBadge(unread)} size={18} offset={6} color="red" disabled={unread === 0} className={classes.indicator}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} aria-haspopup="dialog" aria-expanded={opened} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
        {opened && <NotificationPanel onOpen={open} />}
      </Popover.Dropdown>
    </Popover>
  );
}
