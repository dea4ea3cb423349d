import { Button, Group, Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RecorderSettings } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useUpdateSettings } from '../../settings';
import { callRecorderPlugin } from '../lib/recorder-plugin';
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
 * they go to local storage only, silently (spec 001 §8). The Drive toggle stays off until Drive is connected (§5).
 */
export function RecorderSettingsModal({ opened, onClose, settings }: { opened: boolean; onClose: () => void; settings: RecorderSettings }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const save = useUpdateSettings();
  const [draft, setDraft] = useState(settings);
  const [allow, setAllow] = useState('');
  const [block, setBlock] = useState('');
  useEffect(() => {
    if (!opened) return;
    setDraft(settings);
    setAllow(settings.whitelistNumbers.join(', '));
    setBlock(settings.blacklistNumbers.join(', '));
  }, [opened, settings]);
  const set = (patch: Partial<RecorderSettings>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () => {
    const next: RecorderSettings = { ...draft, whitelistNumbers: parseNumberList(allow), blacklistNumbers: parseNumberList(block) };
    saveLocalRecorderSettings(next);
    // Inside the mobile app the plugin applies them to calls (its failure does not stop the save).
    void callRecorderPlugin()
      ?.saveSettings({ settings: next })
      .catch(() => undefined);
    save.mutate(
      { recorder_settings: next },
      {
        onSettled: () => {
          toast.success('Recorder settings saved');
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Recorder Settings" fullScreen={isPhone} size="md">
      <Stack gap="sm">
        <Switch label="Recording enabled" checked={draft.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
        <Switch label="Record all contacts" checked={draft.recordAllContacts} onChange={(e) => set({ recordAllContacts: e.currentTarget.checked })} />
        <Switch label="Record unknown numbers" checked={draft.recordUnknown} onChange={(e) => set({ recordUnknown: e.currentTarget.checked })} />
        <Switch label="Upload to Google Drive" description="Connect Google Drive first" checked={draft.useGoogleDrive} disabled onChange={() => undefined} />
        <Select label="Audio quality" data={QUALITY} value={draft.audioQuality} onChange={(v) => v && set({ audioQuality: v as RecorderSettings['audioQuality'] })} allowDeselect={false} />
        <Select label="Audio source" data={SOURCES} value={draft.audioSource} onChange={(v) => v && set({ audioSource: v as RecorderSettings['audioSource'] })} allowDeselect={false} />
        <Textarea label="Always record these numbers" description="Separate numbers with commas" value={allow} onChange={(e) => setAllow(e.currentTarget.value)} autosize minRows={1} />
        <Textarea label="Never record these numbers" value={block} onChange={(e) => setBlock(e.currentTarget.value)} autosize minRows={1} />
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
