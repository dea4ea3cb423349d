import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BrandMark } from '../components/brand-mark';
import { isChunkError } from './load-route';

type Props = { resetKey: string; children: ReactNode };
type State = { failed: boolean; error: unknown; resetKey: string };

/**
 * The routes' error boundary: a page that throws while rendering, or whose code cannot be fetched, shows the error page
 * instead of a blank screen; the next navigation (a new `resetKey`, the location's key) tries again.
 */
export class RouteErrors extends Component<Props, State> {
  state: State = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** A page that failed to render or to load its code (e.g. after a new deployment) says so and offers a reload. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const chunkError = isChunkError(error);
  const message = error instanceof Error ? error.message : String(error);
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
