import { Badge, Center, Group as Row, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { groupRoleLabel, type InvitationPreview } from '@fieldbook/contract';
import type { ReactNode } from 'react';

/**
 * What both invitation screens show (/invitation/:token and /group-invite/:inviteId, spec 002 §2): the main card's
 * title and the group, the loading state, and a card title with its icon (Success!, Invitation Error).
 */
export function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  return (
    <>
      <Title order={1} fz={24}>
        Group Invitation
      </Title>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          You are invited to join
        </Text>
        <Text fw={700} fz="lg" data-testid="invitation-group">
          {invitation.group_name}
        </Text>
        {invitation.group_description && <Text size="sm">{invitation.group_description}</Text>}
        <Row gap="xs">
          <Text size="sm">Role:</Text>
          <Badge variant="light">{groupRoleLabel(invitation.role)}</Badge>
        </Row>
      </Stack>
    </>
  );
}

export function InvitationLoading() {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader />
        <Text>Loading invitation...</Text>
      </Stack>
    </Center>
  );
}

/** A result card's title; without an icon, Success!'s green check. */
export function CardTitle({ children, icon = <IconCircleCheck color="var(--mantine-color-green-6)" /> }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <Row gap="xs">
      {icon}
      <Title order={2} fz="xl">
        {children}
      </Title>
    </Row>
  );
}
