import { Alert, Anchor, Button, Center, Group as Row, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorReason } from '../../../lib/error-reason';
import { useGroup } from '../api/groups';
import { memberCountLabel } from '../lib/group-display';
import { InviteModal } from './invite-modal';
import { MembersList } from './members-list';

/**
 * /group-detail/:groupId, /groups/:groupId and /group-members/:groupId: one group with its members ('members' titles
 * the list '{group} Members'). Inviting is the modal, which closes in place (no history step that could leave the app).
 */
export function GroupDetailScreen({ groupId, view }: { groupId: string; view: 'detail' | 'members' }) {
  const group = useGroup(groupId);
  const [isInviting, setInviting] = useState(false);
  if (group.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading group" />
      </Center>
    );
  }
  if (group.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {errorReason(group.error)}
        </Alert>
        <Anchor component={Link} to="/groups">
          Back to Groups
        </Anchor>
      </Stack>
    );
  }
  const g = group.data;
  const canInvite = g.is_creator || g.my_role === 'admin';
  return (
    <>
      <Anchor component={Link} to="/groups" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: -2 }} /> Groups
      </Anchor>
      <PageHeader
        title={view === 'members' ? `${g.name} Members` : g.name}
        description={g.description ?? undefined}
        actions={
          canInvite && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              Invite Members
            </Button>
          )
        }
      />
      <Paper withBorder p="md">
        <Row justify="space-between" mb="sm">
          <Title order={3} fz="lg">
            Members
          </Title>
          <Text size="sm" c="dimmed">
            {memberCountLabel(g.member_count)}
          </Text>
        </Row>
        <MembersList group={g} scroll={false} />
      </Paper>
      <InviteModal group={isInviting ? g : null} onClose={() => setInviting(false)} />
    </>
  );
}
