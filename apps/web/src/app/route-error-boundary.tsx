import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BrandMark } from '../components/brand-mark';
import { isChunkError } from './load-route';

/** A page that failed to render or to load its code (e.g. after a new deployment) says so and offers a reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunkError = isChunkError(error);
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <BrandMark size={44} />
        <Title order={2}>{chunkError ? 'Fieldbook was updated' : 'Something went wrong'}</Title>
        <Text c="dimmed">{chunkError ? 'Reload the page to get the latest version.' : 'This screen could not be shown. Reload the page to try again.'}</Text>
        {/* Plain text in a pre rather than Mantine's Code: this page is in the first chunk, every byte counts on /login. */}
        {!chunkError && (
          <Text component="pre" ff="monospace" size="sm" ta="left" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {`Error: ${message}`}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
