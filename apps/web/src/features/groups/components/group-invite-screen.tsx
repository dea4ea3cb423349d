import { Alert, Anchor, Badge, Button, Card, Center, Group as Row, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { groupRoleLabel, INVITATION_CODE_REQUIRED } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../../lib/api-client';
import { errorReason } from '../../../lib/error-reason';
import { useAcceptMyInvitation, useDeclineMyInvitation, useMyInvitation, useSendMyInvitationCode } from '../api/invitations';
import { InvitationCodeField } from './invitation-code-field';
import { acceptedOutcome, INVITATION_REDIRECT_MS } from './invitation-screen';

type Outcome = { kind: 'accepted' | 'already'; text: string } | { kind: 'declined' };

/**
 * /group-invite/:inviteId (spec 002 §2): the signed-in user's invitation by its id — only one to the phone on their
 * profile — accepted with the code texted to that phone, or declined. Every way out stays in the app: /groups after an
 * acceptance, / after a decline (2 s, as on the invitation page), never the browser's history.
 */
export function GroupInviteScreen({ inviteId }: { inviteId: string }) {
  const navigate = useNavigate();
  const invitation = useMyInvitation(inviteId);
  const accept = useAcceptMyInvitation();
  const decline = useDeclineMyInvitation();
  const sendCode = useSendMyInvitationCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => navigate(outcome.kind === 'declined' ? '/' : '/groups', { replace: true }), INVITATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const onAccept = () => {
    if (!code) return setCodeError(INVITATION_CODE_REQUIRED);
    setCodeError(undefined);
    setFailure(null);
    accept.mutate(
      { id: inviteId, code },
      {
        onSuccess: (r) => setOutcome(acceptedOutcome(r)),
        onError: (e) => {
          const wrong = fieldErrorsOf(e, ['code']).code;
          if (wrong) setCodeError(wrong);
          else setFailure(errorReason(e));
        },
      },
    );
  };
  const onDecline = () => {
    setFailure(null);
    decline.mutate(inviteId, { onSuccess: () => setOutcome({ kind: 'declined' }), onError: (e) => setFailure(errorReason(e)) });
  };

  const back = (
    <Anchor component={Link} to="/groups" size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: -2 }} /> Groups
    </Anchor>
  );
  if (outcome) {
    return (
      <Stack gap="md" maw={560}>
        <Card withBorder padding="lg">
          {outcome.kind === 'declined' ? (
            <Text fw={600}>Invitation declined.</Text>
          ) : (
            <Stack gap="sm">
              <Row gap="xs">
                <IconCircleCheck color="var(--mantine-color-green-6)" />
                <Title order={2} fz="xl">
                  Success!
                </Title>
              </Row>
              <Text>{outcome.text}</Text>
              <Button component={Link} to="/groups">
                Go to Groups
              </Button>
            </Stack>
          )}
        </Card>
      </Stack>
    );
  }
  if (invitation.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader />
          <Text>Loading invitation...</Text>
        </Stack>
      </Center>
    );
  }
  if (invitation.isError) {
    return (
      <Stack gap="md" maw={560}>
        {back}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="xl">
              Invitation Error
            </Title>
            <Text role="alert">{errorReason(invitation.error)}</Text>
            <Button component={Link} to="/groups" variant="light">
              Go to Groups
            </Button>
          </Stack>
        </Card>
      </Stack>
    );
  }
  const inv = invitation.data;
  return (
    <Stack gap="md" maw={560}>
      {back}
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={1} fz={24}>
            Group Invitation
          </Title>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              You are invited to join
            </Text>
            <Text fw={700} fz="lg" data-testid="invitation-group">
              {inv.group_name}
            </Text>
            {inv.group_description && <Text size="sm">{inv.group_description}</Text>}
            <Row gap="xs">
              <Text size="sm">Role:</Text>
              <Badge variant="light">{groupRoleLabel(inv.role)}</Badge>
            </Row>
          </Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <InvitationCodeField phoneHint={inv.phone_hint} value={code} onChange={setCode} error={codeError} onSend={() => sendCode.mutateAsync(inviteId)} />
          <Stack gap="sm">
            <Button onClick={onAccept} disabled={accept.isPending}>
              {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
            </Button>
            <Button variant="default" onClick={onDecline} loading={decline.isPending}>
              Decline
            </Button>
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}
