import { Alert, Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorReason } from '../../../lib/error-reason';
import { useAcceptMyInvitation, useDeclineMyInvitation, useMyInvitation, useSendMyInvitationCode } from '../api/invitations';
import { InvitationCodeField, useCodeAcceptance, type AcceptedOutcome } from './invitation-code-field';
import { CardTitle, InvitationLoading, InvitationSummary } from './invitation-parts';
import { INVITATION_REDIRECT_MS } from './invitation-screen';

type Outcome = AcceptedOutcome | { kind: 'declined' };

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
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => navigate(outcome.kind === 'declined' ? '/' : '/groups', { replace: true }), INVITATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const acceptance = useCodeAcceptance({ accept: (code) => accept.mutateAsync({ id: inviteId, code }), onAccepted: setOutcome, onFailure: setFailure });
  const onAccept = () => {
    setFailure(null);
    acceptance.submit();
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
              <CardTitle>Success!</CardTitle>
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
    return <InvitationLoading />;
  }
  if (invitation.isError) {
    return (
      <Stack gap="md" maw={560}>
        {back}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <CardTitle icon={null}>Invitation Error</CardTitle>
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
          <InvitationSummary invitation={inv} />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <InvitationCodeField phoneHint={inv.phone_hint} {...acceptance.field} onSend={() => sendCode.mutateAsync(inviteId)} />
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
