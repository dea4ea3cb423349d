import { Button, Group, Modal, Select, Stack, Switch, TagsInput, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CallRecorder } from '@fieldbook/call-recorder';
import { MAX_RECORD_GROUPS, RecorderSettingsSchema, type RecorderSettings } from '@fieldbook/contract';
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
 * `groupId` is the group the recorder files new recordings under now (the page's Add Group, addGroupToRecord): the
 * save carries it as lastGroupId, so saving the other options never sends the recorder back to an older group.
 */
export function RecorderSettingsModal({
  opened,
  onClose,
  onSaved,
  settings,
  groupId,
  isDriveConnected,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
  settings: RecorderSettings;
  groupId: string;
  isDriveConnected: boolean;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const save = useUpdateSettings();
  const userId = useAuth().user?.id ?? '';
  const [draft, setDraft] = useState(settings);
  const [allow, setAllow] = useState('');
  const [block, setBlock] = useState('');
  const [groupsError, setGroupsError] = useState<string | null>(null);
  // Once the user changed something, settings arriving later (the request answering) do not overwrite it.
  const touched = useRef(false);
  useEffect(() => {
    if (!opened) {
      touched.current = false;
      return;
    }
    if (touched.current) return;
    // The group Add Group gave the recorder is one of its groups (addGroupToRecord adds it there too).
    setDraft(groupId === settings.lastGroupId || settings.recordGroups.includes(groupId) ? settings : { ...settings, recordGroups: [...settings.recordGroups, groupId] });
    setGroupsError(null);
    setAllow(settings.whitelistNumbers.join(', '));
    setBlock(settings.blacklistNumbers.join(', '));
  }, [opened, settings, groupId]);
  const set = (patch: Partial<RecorderSettings>) => {
    touched.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  };

  const submit = () => {
    // lastGroupId: the recorder's current group, not the one the settings were loaded with (Add Group changes the
    // recorder's group without touching these settings; saving them must not undo it).
    const next: RecorderSettings = { ...draft, whitelistNumbers: parseNumberList(allow), blacklistNumbers: parseNumberList(block), lastGroupId: groupId };
    // The contract's rule for recordGroups (the server checks the same): its message under the field, nothing saved.
    const groups = RecorderSettingsSchema.shape.recordGroups.safeParse(next.recordGroups);
    if (!groups.success) return setGroupsError(groups.error.issues[0]?.message ?? 'Check the recording groups');
    next.recordGroups = groups.data;
    setGroupsError(null);
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
        <Switch label="Upload to Google Drive" description={isDriveConnected ? 'Copy call recordings and their transcripts to your FIELDBOOK folder (documents and task lists are copied either way)' : 'Connect Google Drive first'} checked={isDriveConnected && draft.useGoogleDrive} disabled={!isDriveConnected} onChange={(e) => set({ useGoogleDrive: e.currentTarget.checked })} />
        <Select label="Audio quality" data={QUALITY} value={draft.audioQuality} onChange={(v) => v && set({ audioQuality: v as RecorderSettings['audioQuality'] })} allowDeselect={false} />
        <Select label="Audio source" data={SOURCES} value={draft.audioSource} onChange={(v) => v && set({ audioSource: v as RecorderSettings['audioSource'] })} allowDeselect={false} />
        <TagsInput
          label="Recording groups"
          description="Groups the recorder files recordings under (Add Group on this page adds one). Press Enter after each."
          value={draft.recordGroups}
          onChange={(recordGroups) => {
            setGroupsError(null);
            set({ recordGroups });
          }}
          maxTags={MAX_RECORD_GROUPS}
          error={groupsError}
          clearable
        />
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
