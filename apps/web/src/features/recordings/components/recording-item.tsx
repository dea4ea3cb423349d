import { ActionIcon, Badge, Box, Button, Collapse, Group, Paper, Text, Tooltip } from '@mantine/core';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconArrowDownLeft, IconArrowUpRight, IconCloudUpload, IconPlayerPlayFilled, IconPlayerStopFilled, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import type { Recording } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { formatFileSize } from '../../../lib/format-file-size';
import { useDeleteRecording, useUnassignContact } from '../api/recordings';
import { useCopyRecordingToDrive } from '../../drive';
import { formatCallTime, formatClock } from '../lib/format';
import { isRoughDraft, RoughDraftBadge } from './rough-draft-badge';
import { TranscriptView } from './transcript-view';

const STATUS: Record<Recording['transcription_status'], { label: string; color: string }> = {
  pending: { label: 'Waiting to transcribe', color: 'gray' },
  processing: { label: 'Transcribing', color: 'yellow' },
  done: { label: 'Transcribed', color: 'green' },
  failed: { label: 'Transcription failed', color: 'red' },
};

type Props = {
  recording: Recording;
  /** The other party's name, from the caller's contacts (spec 001 §5 phone matching), or null. */
  contactName: string | null;
  isPlaying: boolean;
  isOpen: boolean;
  position: number;
  showOwner: boolean;
  onToggleOpen: () => void;
  onPlay: (at?: number) => void;
  onStop: () => void;
  onAssign: () => void;
  /** Google Drive is connected: Upload to Drive copies the recording (spec 001 §5: it requires Drive). */
  isDriveConnected: boolean;
};

/** One call in the list: play/stop, who and when, transcript status, contacts, Upload to Drive, delete. */
export function RecordingItem({ recording: r, contactName, isPlaying, isOpen, position, showOwner, isDriveConnected, onToggleOpen, onPlay, onStop, onAssign }: Props) {
  const [confirming, setConfirming] = useState(false);
  const copyToDrive = useCopyRecordingToDrive();
  const uploadToDrive = () => {
    if (!isDriveConnected) {
      toast.error('Google Drive is not enabled. Please enable it in settings.');
      return;
    }
    copyToDrive.mutate(r.id, {
      onSuccess: (copy) => void (copy.status === 'done' ? toast.success(`${r.name} is in Google Drive`) : toast.success(`Uploading ${r.name} to Google Drive`)),
      onError: (err) => void toast.error(`Failed to sync with Google Drive: ${errorReason(err)}`),
    });
  };
  const remove = useDeleteRecording();
  const unassign = useUnassignContact();
  const status = STATUS[r.transcription_status];
  const who = contactName ?? (r.phone_number ? r.phone_number : 'Unknown caller');
  const when = formatCallTime(r.recorded_at ?? r.created_at);

  return (
    <Paper withBorder p="sm" component="article" aria-label={r.name} data-testid="recording">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
          <ActionIcon size="xl" radius="xl" variant={isPlaying ? 'filled' : 'light'} onClick={() => (isPlaying ? onStop() : onPlay())} aria-label={isPlaying ? `Stop ${r.name}` : `Play ${r.name}`}>
            {isPlaying ? <IconPlayerStopFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
          </ActionIcon>
          <Box miw={0}>
            <Group gap={6} wrap="wrap">
              {r.direction === 'incoming' ? <IconArrowDownLeft size={16} aria-label="Incoming" /> : r.direction === 'outgoing' ? <IconArrowUpRight size={16} aria-label="Outgoing" /> : null}
              <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                {who}
              </Text>
              {contactName && r.phone_number && (
                <Text size="xs" c="dimmed">
                  {r.phone_number}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {[when, r.duration_seconds ? formatClock(r.duration_seconds) : null, formatFileSize(r.size), showOwner ? r.user_name : null].filter(Boolean).join(' · ')}
            </Text>
            <Group gap={4} mt={4} wrap="wrap">
              <Badge size="sm" variant="light" color={status.color}>
                {status.label}
              </Badge>
              {isRoughDraft(r) && <RoughDraftBadge />}
              {r.group_id && (
                <Badge size="sm" variant="outline" color="gray">
                  Group {r.group_id}
                </Badge>
              )}
              {r.contacts.map((c) => (
                <Badge
                  key={c.id}
                  size="sm"
                  variant="light"
                  color="blue"
                  rightSection={
                    <ActionIcon size="xs" variant="transparent" aria-label={`Remove ${c.name}`} onClick={() => unassign.mutate({ id: r.id, contactId: c.id }, { onError: (err) => toast.error(errorReason(err)) })}>
                      <IconX size={10} />
                    </ActionIcon>
                  }
                >
                  {c.name}
                </Badge>
              ))}
            </Group>
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Tooltip label="Assign contact">
            <ActionIcon variant="subtle" size="lg" onClick={onAssign} aria-label={`Assign a contact to ${r.name}`}>
              <IconUserPlus size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Upload to Drive">
            <ActionIcon variant="subtle" size="lg" onClick={uploadToDrive} loading={copyToDrive.isPending} aria-label={`Upload ${r.name} to Drive`}>
              <IconCloudUpload size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setConfirming(true)} aria-label={`Delete ${r.name}`}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Button variant="subtle" size="compact-xs" mt={6} onClick={onToggleOpen} aria-expanded={isOpen}>
        {isOpen ? 'Hide transcript' : 'Show transcript'}
      </Button>
      <Collapse expanded={isOpen}>
        <Box mt="xs">{isOpen && <TranscriptView id={r.id} position={position} isPlaying={isPlaying} onSeek={(at) => onPlay(at)} />}</Box>
      </Collapse>

      <ConfirmDialog
        opened={confirming}
        title="Delete recording"
        message={`Delete ${r.name}? The audio and its transcript are removed. This cannot be undone.`}
        confirmLabel="Delete"
        isWorking={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(r.id, {
            onSuccess: () => {
              if (isPlaying) onStop();
              setConfirming(false);
              toast.success('Recording deleted');
            },
            onError: (err) => toast.error(errorReason(err)),
          })
        }
      />
    </Paper>
  );
}
