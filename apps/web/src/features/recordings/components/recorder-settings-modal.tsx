import { Button, Group, Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CallRecorder } from '@fieldbook/call-recorder';
import type { RecorderSettings } from '@fieldbook/contract';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '../../../lib/auth-provider';
import { useUpdateSettings } from '../../settings';
import { parseNumberList, saveLocalRecorderSettings } from '../lib/recorder-settings';

const QUALITY = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];
const SOURCES = [
  { value: 'voice_communication', label: 'Voice communication' },
  { value: 'mic', label: 'Microphone' },
  { value: 'voice_recognition', label: 'Voice recognition' },
  { value: 'camcorder', label: 'Camcorder' },
];

/**
 * Recorder settings (spec 001 §3), kept in user_settings.recorder_settings; when the data store cannot take them
 * they go to local storage only, silently (spec 001 §8), and that copy is the one shown. The Drive toggle stays off
 * until Drive is connected (§5; `isDriveConnected`, from the server's connection). `onSaved` tells the page that this browser's copy changed.
 */
export function RecorderSettingsModal({ opened, onClose, onSaved, settings, isDriveConnected }: { opened: boolean; onClose: () => void; onSaved: () => void; settings: RecorderSettings; isDriveConnected: boolean }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const save = useUpdateSettings();
  const userId = useAuth().user?.id ?? '';
  const [draft, setDraft] = useState(settings);
  const [allow, setAllow] = useState('');
  const [block, setBlock] = useState('');
  // Once the user changed something, settings arriving later (the request answering) do not overwrite it.
  const touched = useRef(false);
  useEffect(() => {
    if (!opened) {
      touched.current = false;
      return;
    }
    if (touched.current) return;
    setDraft(settings);
    setAllow(settings.whitelistNumbers.join(', '));
    setBlock(settings.blacklistNumbers.join(', '));
  }, [opened, settings]);
  const set = (patch: Partial<RecorderSettings>) => {
    touched.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  };

  const submit = () => {
    const next: RecorderSettings = { ...draft, whitelistNumbers: parseNumberList(allow), blacklistNumbers: parseNumberList(block) };
    // Kept here first: if the data store does not take them, this newer copy is the one shown (spec 001 §8).
    saveLocalRecorderSettings(next, { synced: false, userId });
    onSaved();
    // The recorder takes them too: inside the mobile app it applies them to calls (its failure does not stop the save).
    void CallRecorder.saveSettings({ settings: next }).catch(() => undefined);
    save.mutate(
      { recorder_settings: next },
      {
        onSuccess: () => {
          saveLocalRecorderSettings(next, { synced: true, userId });
          onSaved();
          toast.success('Recorder settings saved');
          onClose();
        },
        // Spec 001 §8: a failed data-store save falls back to local storage only, silently — no message.
        onError: () => onClose(),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Recorder Settings" fullScreen={isPhone} size="md">
      <Stack gap="sm">
        <Switch label="Recording enabled" checked={draft.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
        <Switch label="Record all contacts" checked={draft.recordAllContacts} onChange={(e) => set({ recordAllContacts: e.currentTarget.checked })} />
        <Switch label="Record unknown numbers" checked={draft.recordUnknown} onChange={(e) => set({ recordUnknown: e.currentTarget.checked })} />
        <Switch label="Upload to Google Drive" description={isDriveConnected ? 'Copy recordings and transcripts to your FIELDBOOK folder' : 'Connect Google Drive first'} checked={isDriveConnected && draft.useGoogleDrive} disabled={!isDriveConnected} onChange={(e) => set({ useGoogleDrive: e.currentTarget.checked })} />
        <Select label="Audio quality" data={QUALITY} value={draft.audioQuality} onChange={(v) => v && set({ audioQuality: v as RecorderSettings['audioQuality'] })} allowDeselect={false} />
        <Select label="Audio source" data={SOURCES} value={draft.audioSource} onChange={(v) => v && set({ audioSource: v as RecorderSettings['audioSource'] })} allowDeselect={false} />
        <Textarea label="Always record these numbers" description="Separate numbers with commas" value={allow} onChange={(e) => {
            touched.current = true;
            setAllow(e.currentTarget.value);
          }} autosize minRows={1} />
        <Textarea label="Never record these numbers" value={block} onChange={(e) => {
            touched.current = true;
            setBlock(e.currentTarget.value);
          }} autosize minRows={1} />
        <Text size="xs" c="dimmed">
          The mobile app applies these to calls; in the browser they are kept for it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
