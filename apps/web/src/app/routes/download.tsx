import { Anchor, Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-mark';
import { FormStatus } from '../../features/auth/components/form-status';

export default function DownloadPage() {
  const [searchParams] = useSearchParams();
  const invitation = searchParams.get('invitation');
  return (
    <Container size={560} py={{ base: 32, sm: 64 }}>
      <Stack gap="xl">
        <BrandLogo size={34} />
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconDeviceMobile size={28} />
            </ThemeIcon>
            <Title order={1} fz={26}>
              Download the Fieldbook App
            </Title>
            <Text c="dimmed">
              The Android app records client calls, picks contacts from your phone and lets you accept group invitations on the go.
            </Text>
            {invitation && (
              <>
                <FormStatus kind="info" message="You have been invited to join a group. You can also accept the invitation on the web." />
                <Button component={Link} to={`/invitation/${encodeURIComponent(invitation)}`} variant="light">
                  Accept Invitation on Web
                </Button>
              </>
            )}
            <Anchor component={Link} to="/" size="sm">
              Back to Home
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
