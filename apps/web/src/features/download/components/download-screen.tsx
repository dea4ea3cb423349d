import { Alert, Anchor, Button, Center, Container, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandAndroid, IconDeviceMobile, IconDownload, IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-mark';
import { LoadError } from '../../../components/load-error';
import { StoreLinks } from '../../../components/store-links';
import { useClientConfig } from '../../../lib/client-config-query';
import { errorReason } from '../../../lib/error-reason';
import { useInstallPrompt } from '../../../lib/install-prompt';
import { installSteps, invitationPath, invitationToken } from '../lib/download-flow';
import { ApkDownload } from './apk-download';

/** The Android package is not offered by this deployment (ANDROID_APK_URL unset): say so, keep the web app. */
export const APK_NOT_AVAILABLE_MESSAGE = 'The Android app is not available from this server.';

/**
 * /download (spec 002), public: the Android app's automatic and manual download, the invitation notice when the
 * visitor came from an invitation, installation steps, store links and 'Back to Home'. Without a configured APK the
 * page offers the web only — never a download that cannot work.
 */
export function DownloadScreen({ invitation: rawInvitation }: { invitation: string | null }) {
  const invitation = invitationToken(rawInvitation);
  const config = useClientConfig();
  const apkUrl = config.data?.android_apk_url ?? null;

  return (
    <Container size={560} py={{ base: 24, sm: 56 }} px="md">
      <Stack gap="lg">
        <BrandLogo size={30} />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="lg">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="xl" variant="light">
                <IconDeviceMobile size={24} />
              </ThemeIcon>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                Download the Fieldbook App
              </Title>
            </Group>

            {invitation && <InvitationNotice token={invitation} />}

            <InstallWebApp />

            {config.data ? (
              apkUrl ? (
                <ApkDownload url={apkUrl} />
              ) : (
                <Alert color="gray" variant="light" icon={<IconBrandAndroid size={20} />} title={APK_NOT_AVAILABLE_MESSAGE}>
                  {invitation ? 'You can accept your invitation and use Fieldbook on the web instead.' : 'You can use Fieldbook on the web instead.'}
                </Alert>
              )
            ) : config.isError ? (
              <LoadError
                error={config.error}
                onRetry={() => void config.refetch()}
                isRetrying={config.isFetching}
                title="Could not check the Android download"
                message={`Failed to load the download details: ${errorReason(config.error)}`}
              />
            ) : (
              <Center py="md">
                <Loader size="sm" aria-label="Loading" />
              </Center>
            )}

            {apkUrl && <InstallSteps hasInvitation={invitation !== null} />}

            <StoreLinks caption="Or get Fieldbook from your app store:" />

            <Anchor component={Link} to="/" size="sm" ta="center">
              Back to Home
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

/** "Install the app": only where the browser offers to install Fieldbook (issue 26), which then asks the user. */
function InstallWebApp() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Stack gap={6}>
      <Button size="md" leftSection={<IconDownload size={18} />} onClick={() => void install()}>
        Install the app
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        Fieldbook on your home screen, working offline too.
      </Text>
    </Stack>
  );
}

function InvitationNotice({ token }: { token: string }) {
  return (
    <Alert color="blue" variant="light" icon={<IconMailOpened size={20} />} title="You have been invited to join a group">
      <Stack gap="sm">
        <Text size="sm">Accept it on the web right now, or in the Fieldbook app once it is installed.</Text>
        <Button component={Link} to={invitationPath(token)} variant="filled" color="blue" fullWidth>
          Accept Invitation on Web
        </Button>
      </Stack>
    </Alert>
  );
}

function InstallSteps({ hasInvitation }: { hasInvitation: boolean }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        Installation steps
      </Title>
      <List type="ordered" spacing={6} size="sm">
        {installSteps({ hasInvitation }).map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
