import { Alert, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { RecordingDetail } from '@fieldbook/contract';
import { errorReason } from '../../../lib/error-reason';
import toast from 'react-hot-toast';
import { useRecording, useRetryTranscription } from '../api/recordings';
import { downloadTranscript } from '../api/transcript-file';
import { formatClock } from '../lib/format';
import { isRoughDraft, RoughDraftBadge } from './rough-draft-badge';

/** The transcript beside the player: each segment seeks the call to where it was said. */
export function TranscriptView({ id, position, isPlaying, onSeek }: { id: string; position: number; isPlaying: boolean; onSeek: (seconds: number) => void }) {
  const rec = useRecording(id);
  const retry = useRetryTranscription();
  if (rec.isPending) return <Loader size="sm" aria-label="Loading transcript" />;
  if (rec.isError) return <Alert color="red">{errorReason(rec.error)}</Alert>;
  const r: RecordingDetail = rec.data;
  if (r.transcription_status === 'pending' || r.transcription_status === 'processing') {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{r.transcription_status === 'pending' ? 'Waiting to be transcribed…' : 'Transcribing…'}</Text>
      </Group>
    );
  }
  if (r.transcription_status === 'failed') {
    return (
      <Alert color="red" variant="light" title="Transcription failed" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{r.transcription_error}</Text>
          <Button size="xs" variant="light" color="red" loading={retry.isPending} onClick={() => retry.mutate(r.id, { onError: (err) => toast.error(`Failed to retry transcription: ${errorReason(err)}`) })}>
            Retry transcription
          </Button>
        </Stack>
      </Alert>
    );
  }
  const segments = r.transcript?.segments ?? [];
  return (
    <Stack gap={4} data-testid="transcript">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Transcribed by {r.transcript_engine}
          {r.transcript_engine?.startsWith('pocketsphinx') ? ' (offline; modest accuracy on phone audio)' : ''}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => void downloadTranscript(r.id).catch((err) => toast.error(errorReason(err)))}>
          Download transcript
        </Button>
      </Group>
      {isRoughDraft(r) && (
        <Group gap="xs" wrap="wrap" data-testid="transcript-rough-draft">
          <RoughDraftBadge />
          <Text size="xs" c="dimmed">
            Most words were unclear to the engine: listen to the call before relying on this.
          </Text>
        </Group>
      )}
      {segments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No speech was recognised in this recording.
        </Text>
      ) : (
        segments.map((s, i) => {
          const isCurrent = isPlaying && position >= s.start && position < s.end;
          return (
            <UnstyledButton key={i} onClick={() => onSeek(s.start)} aria-label={`Play from ${formatClock(s.start)}`} data-testid="transcript-segment" style={{ borderRadius: 4, padding: '2px 6px', background: isCurrent ? 'var(--mantine-color-yellow-light)' : undefined }}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
                  {formatClock(s.start)}
                </Text>
                <Text size="sm">{s.text}</Text>
              </Group>
            </UnstyledButton>
          );
        })
      )}
    </Stack>
  );
}
