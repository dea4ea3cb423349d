import { Badge, Button, Card, Group as Row, Stack, Text, Title } from '@mantine/core';
import { groupRoleLabel } from '@fieldbook/contract';
import { Link } from 'react-router';
import { errorReason } from '../../../lib/error-reason';
import { useMyInvitations } from '../api/invitations';

/**
 * Invitations texted to the phone on the user's profile, each opening /group-invite/{id} to accept (with the texted
 * code) or decline. Nothing is shown while there are none.
 */
export function PendingInvitations() {
  const mine = useMyInvitations();
  if (mine.isPending) return null;
  if (mine.isError) {
    return (
      <Text size="sm" c="red" role="alert" mb="md">
        Failed to load your invitations: {errorReason(mine.error)}
      </Text>
    );
  }
  if (mine.data.invitations.length === 0) return null;
  return (
    <Card withBorder padding="md" mb="lg" data-testid="pending-invitations">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Pending Invitations
        </Title>
        {mine.data.invitations.map((inv) => (
          <Row key={inv.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} miw={0}>
              <Text fw={600} truncate>
                {inv.group_name}
              </Text>
              <Badge variant="light" size="sm">
                {groupRoleLabel(inv.role)}
              </Badge>
            </Stack>
            <Button component={Link} to={`/group-invite/${inv.id}`} variant="light" size="xs" aria-label={`Review the invitation to ${inv.group_name}`}>
              Review
            </Button>
          </Row>
        ))}
      </Stack>
    </Card>
  );
}
