import { Alert, Anchor, Button, Card, Center, Container, Divider, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { runtimeTimeZone, type InvitationPreview } from '@fieldbook/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/brand-mark';
import { PasswordField } from '../../../components/password-field';
import { StoreLinks } from '../../../components/store-links';
import { auth } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-provider';
import { errorReason } from '../../../lib/error-reason';
import { useAcceptInvitation, useDeclineInvitation, useInvitation, useInvitationSignUp, useSendInvitationCode } from '../api/invitations';
import { validateInvitationSignUp, type InvitationSignUpValues } from '../lib/invitation-sign-up';
import { InvitationCodeField, useCodeAcceptance, type AcceptedOutcome } from './invitation-code-field';
import { CardTitle, InvitationLoading, InvitationSummary } from './invitation-parts';

/** Spec 002 §9: redirects after acceptance and decline, and the app-open fallback, each 2 s. */
export const INVITATION_REDIRECT_MS = 2000;
export const APP_SCHEME_URL = (token: string) => `fieldbook://accept-invitation?token=${encodeURIComponent(token)}`;
export const APP_FALLBACK_MESSAGE = "If the app didn't open, please download Fieldbook from your app store first.";

type Outcome =
  | AcceptedOutcome
  | { kind: 'declined' }
  | { kind: 'confirm'; email: string }
  | { kind: 'signInFailed'; reason: string }
  | { kind: 'error'; message: string };

function Shell({ children }: { children: ReactNode }) {
  return (
    <Container size={520} py={{ base: 24, sm: 56 }} px="md">
      <Stack gap="lg">
        <BrandLogo size={30} />
        {children}
      </Stack>
    </Container>
  );
}

/** /invitation/:token (spec 002 §2): works signed in and as a visitor; every state of the specification. */
export function InvitationScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // After an acceptance: /groups in 2 s; after a decline: / in 2 s.
  useEffect(() => {
    if (!outcome || outcome.kind === 'error' || outcome.kind === 'confirm' || outcome.kind === 'signInFailed') return;
    const to = outcome.kind === 'declined' ? '/' : '/groups';
    const timer = setTimeout(() => navigate(to, { replace: true }), INVITATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  if (outcome?.kind === 'error') return <ErrorCard message={outcome.message} />;
  if (outcome?.kind === 'declined') {
    return (
      <Shell>
        <Card withBorder padding="lg">
          <Text fw={600}>Invitation declined.</Text>
        </Card>
      </Shell>
    );
  }
  if (outcome?.kind === 'signInFailed') return <SignInFailedCard reason={outcome.reason} />;
  if (outcome) return <SuccessCard outcome={outcome} />;
  if (invitation.isPending) {
    return (
      <Shell>
        <InvitationLoading />
      </Shell>
    );
  }
  if (invitation.isError) return <ErrorCard message={errorReason(invitation.error)} />;
  return <MainCard token={token} invitation={invitation.data} onOutcome={setOutcome} />;
}

function ErrorCard({ message }: { message: string }) {
  return (
    <Shell>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <CardTitle icon={<IconAlertTriangle color="var(--mantine-color-red-6)" />}>Invitation Error</CardTitle>
          <Text role="alert">{message}</Text>
          <Button component={Link} to="/" variant="light">
            Go to Home
          </Button>
        </Stack>
      </Card>
    </Shell>
  );
}

/**
 * The account exists and the membership with it, but signing in right after failed: no 'Success!' (the visitor is not
 * signed in), the reason, and the way on — sign in.
 */
function SignInFailedCard({ reason }: { reason: string }) {
  return (
    <Shell>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="xl">
            Account created
          </Title>
          <Text>You joined the group, but signing you in failed: {reason}</Text>
          <Text>Sign in with your new email and password to see it.</Text>
          <Button component={Link} to="/login?redirect=%2Fgroups">
            Go to Sign In
          </Button>
        </Stack>
      </Card>
    </Shell>
  );
}

function SuccessCard({ outcome }: { outcome: Extract<Outcome, { kind: 'accepted' | 'already' | 'confirm' }> }) {
  return (
    <Shell>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <CardTitle>Success!</CardTitle>
          {outcome.kind === 'confirm' ? (
            <Text>
              You are now a member of the group. We sent a confirmation link to <b>{outcome.email}</b>: confirm your email, then sign in to see the group.
            </Text>
          ) : (
            <Text>{outcome.text}</Text>
          )}
          <Button component={Link} to={outcome.kind === 'confirm' ? '/login' : '/groups'}>
            {outcome.kind === 'confirm' ? 'Go to Sign In' : 'Go to Groups'}
          </Button>
        </Stack>
      </Card>
    </Shell>
  );
}

function MainCard({ token, invitation, onOutcome }: { token: string; invitation: InvitationPreview; onOutcome: (o: Outcome) => void }) {
  const { user, loading, signOut } = useAuth();
  const decline = useDeclineInvitation();
  const [platform, setPlatform] = useState<'web' | 'mobile'>('web');
  const onDecline = () => decline.mutate(token, { onSuccess: () => onOutcome({ kind: 'declined' }), onError: (e) => onOutcome({ kind: 'error', message: errorReason(e) }) });

  return (
    <Shell>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <InvitationSummary invitation={invitation} />
          <SegmentedControl
            fullWidth
            aria-label="Accept on"
            value={platform}
            onChange={(v) => setPlatform(v as 'web' | 'mobile')}
            data={[
              { value: 'web', label: 'Web' },
              { value: 'mobile', label: 'Mobile app' },
            ]}
          />
          <Text size="xs" c="dimmed" mt={-8}>
            {platform === 'web' ? 'Join here on the web with a code texted to the invited phone.' : 'The mobile app gives you every feature.'}
          </Text>
          {platform === 'mobile' ? (
            <MobileLinks token={token} />
          ) : loading ? (
            <Center>
              <Loader size="sm" />
            </Center>
          ) : user ? (
            <SignedInAccept
              token={token}
              phoneHint={invitation.phone_hint}
              email={user.email ?? ''}
              onOutcome={onOutcome}
              onDecline={onDecline}
              isDeclining={decline.isPending}
              onSignOut={() => void signOut().then(() => window.location.reload())}
            />
          ) : (
            <VisitorSignUp token={token} phoneHint={invitation.phone_hint} onOutcome={onOutcome} onDecline={onDecline} isDeclining={decline.isPending} />
          )}
        </Stack>
      </Card>
    </Shell>
  );
}

function MobileLinks({ token }: { token: string }) {
  const openApp = () => {
    window.location.href = APP_SCHEME_URL(token);
    setTimeout(() => window.alert(APP_FALLBACK_MESSAGE), INVITATION_REDIRECT_MS);
  };
  return (
    <Stack gap="xs">
      <Button onClick={openApp}>Open in the Fieldbook app</Button>
      <StoreLinks />
      <Anchor component={Link} to={`/download?invitation=${encodeURIComponent(token)}`} size="sm" ta="center">
        Download APK
      </Anchor>
    </Stack>
  );
}

function SignedInAccept(props: {
  token: string;
  phoneHint: string;
  email: string;
  onOutcome: (o: Outcome) => void;
  onDecline: () => void;
  isDeclining: boolean;
  onSignOut: () => void;
}) {
  const accept = useAcceptInvitation();
  const sendCode = useSendInvitationCode();
  // A wrong code is the user's to fix here; anything else ends on the error card.
  const acceptance = useCodeAcceptance({
    accept: (code) => accept.mutateAsync({ token: props.token, code }),
    onAccepted: props.onOutcome,
    onFailure: (message) => props.onOutcome({ kind: 'error', message }),
  });
  return (
    <Stack gap="sm">
      <Text size="sm">
        Signed in as <b>{props.email}</b>
      </Text>
      <InvitationCodeField phoneHint={props.phoneHint} {...acceptance.field} onSend={() => sendCode.mutateAsync(props.token)} />
      <Stack gap="sm">
        <Button onClick={acceptance.submit} disabled={accept.isPending}>
          {accept.isPending ? 'Accepting...' : 'Accept Invitation (Web)'}
        </Button>
        <Button variant="default" onClick={props.onDecline} loading={props.isDeclining}>
          Decline
        </Button>
      </Stack>
      <Anchor component="button" type="button" size="sm" onClick={props.onSignOut}>
        Sign out and use a different account
      </Anchor>
    </Stack>
  );
}

function VisitorSignUp({ token, phoneHint, onOutcome, onDecline, isDeclining }: { token: string; phoneHint: string; onOutcome: (o: Outcome) => void; onDecline: () => void; isDeclining: boolean }) {
  const signUp = useInvitationSignUp();
  const sendCode = useSendInvitationCode();
  const [code, setCode] = useState('');
  const [values, setValues] = useState<InvitationSignUpValues>({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof InvitationSignUpValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = () => {
    const problem = validateInvitationSignUp(values, code);
    setError(problem);
    if (problem) return;
    const email = values.email.trim();
    signUp.mutate(
      { token, body: { full_name: values.fullName.trim(), email, password: values.password, code, time_zone: runtimeTimeZone() } },
      {
        onSuccess: async (r) => {
          if (r.confirmation_required) return onOutcome({ kind: 'confirm', email });
          // No confirmation on this server: sign in with what was just typed and go to the groups — and say so when
          // that sign-in fails (the account and membership exist; the visitor signs in on the login page).
          const reason = await auth.signInWithPassword({ email, password: values.password }).then(
            ({ error }) => error?.message ?? null,
            (err: unknown) => errorReason(err),
          );
          if (reason) return onOutcome({ kind: 'signInFailed', reason });
          onOutcome({ kind: 'accepted', text: 'Your account is ready and you joined the group. Taking you to your groups…' });
        },
        onError: (e) => setError(errorReason(e)),
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Create Account
        </Title>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Full Name" required autoComplete="name" value={values.fullName} onChange={set('fullName')} />
        <TextInput label="Email" required type="email" autoComplete="email" value={values.email} onChange={set('email')} />
        <PasswordField label="Password" required autoComplete="new-password" value={values.password} onChange={set('password')} />
        <PasswordField label="Confirm Password" required autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
        <InvitationCodeField phoneHint={phoneHint} value={code} onChange={setCode} onSend={() => sendCode.mutateAsync(token)} />
        <Stack gap="sm">
          <Button type="submit" disabled={signUp.isPending}>
            {signUp.isPending ? 'Creating...' : 'Join Group (Web)'}
          </Button>
          <Button variant="default" onClick={onDecline} loading={isDeclining}>
            Decline
          </Button>
        </Stack>
        <Divider label="Already have an account?" labelPosition="center" />
        <Button component={Link} to={`/login?redirect=${encodeURIComponent(`/invitation/${token}`)}`} variant="light">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
