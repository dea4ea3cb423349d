import { Alert, Button, Center, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconRefresh, IconSettings } from '@tabler/icons-react';
import { CallRecorder, callRecorderAvailability } from '@fieldbook/call-recorder';
import { DEFAULT_RECORDER_SETTINGS, lookupPhone } from '@fieldbook/contract';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { DropZone } from '../../../components/upload/drop-zone';
import { UploadList } from '../../../components/upload/upload-list';
import { errorReason } from '../../../lib/error-reason';
import { useAuth } from '../../../lib/auth-provider';
import { canQueue, isOffline, queueWrites } from '../../../lib/offline/offline-queue';
import { loadedRows } from '../../../lib/offset-pages';
import { useProfile } from '../../profile';
import { ContactPickerModal, usePhoneDirectory } from '../../contacts';
import { useSettings } from '../../settings';
import { useAssignContact, useRecordingUsers, useRecordings } from '../api/recordings';
import { recordingUploadWrite } from '../api/upload-recording';
import { localRecorderSettings, unsyncedRecorderSettings } from '../lib/recorder-settings';
import { useManualRecording, type OnRecorded } from '../lib/use-manual-recording';
import { activeRecordingSync } from '../lib/use-recording-sync';
import { usePlayer } from '../lib/use-player';
import { RECORDING_ACCEPT, useUploads } from '../lib/use-uploads';
import { useConsentPrompt } from './consent-prompt';
import { DeviceRecordings } from './device-recordings';
import { RecorderSettingsModal } from './recorder-settings-modal';
import { RecordingItem } from './recording-item';
import { useDriveStatus } from '../../drive';

/** The group id new recordings get (the recorder plugin's addGroupToRecord); spec 001 §9 default 'default'. */
const GROUP_KEY = 'recorderGroupId';

/**
 * The Recordings page (spec 001 §2, §4, §6): group id with Add Group, Start/Stop Recording (through the call recorder
 * plugin: the phone's recorder in the mobile app, the microphone in a browser — after its permissions and the
 * workspace's consent notice), Refresh, Settings, upload by picker or drag and drop with its status area, the admin's
 * Filter by User, and the list with play/stop, transcript, contacts and delete. In the mobile app also the
 * recordings on the phone with the sync service's status.
 */
export function RecordingsScreen() {
  const profile = useProfile();
  const isAdmin = profile.data?.role === 'admin';
  const isDriveConnected = useDriveStatus().data?.status === 'connected';
  const [params, setParams] = useSearchParams();
  const [userFilter, setUserFilter] = useState<string | null>(null);
  const list = useRecordings(isAdmin ? userFilter : null);
  const users = useRecordingUsers(isAdmin);
  const settings = useSettings();
  // This browser's copy wins while the data store's last save of it failed (spec 001 §8); read again after each save.
  const userId = useAuth().user?.id;
  const [unsyncedSettings, setUnsyncedSettings] = useState(() => unsyncedRecorderSettings(userId));
  const serverRecorderSettings = settings.data?.recorder_settings;
  const recorderSettings = useMemo(
    () => unsyncedSettings ?? serverRecorderSettings ?? localRecorderSettings() ?? DEFAULT_RECORDER_SETTINGS,
    [unsyncedSettings, serverRecorderSettings],
  );
  const [groupInput, setGroupInput] = useState('');
  // The group chosen on this device (Add Group), else the settings' lastGroupId once they have loaded.
  const [chosenGroupId, setGroupId] = useState(() => localStorage.getItem(GROUP_KEY));
  const groupId = chosenGroupId ?? recorderSettings.lastGroupId;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [assignFor, setAssignFor] = useState<string | null>(null);
  const assign = useAssignContact();
  const openId = params.get('id');
  const uploads = useUploads();
  const player = usePlayer(() => toast.error('Failed to play recording'));
  // Where the page runs decides who records (spec 001 §8 messages); it does not change while the page is open.
  const [availability] = useState(callRecorderAvailability);
  const consent = useConsentPrompt();
  const onRecorded: OnRecorded = ({ recording, file, pageLeft }) => {
    if (!file) {
      void list.refetch(); // spec 001 §4: stopped, then the list refreshes
      // The phone's recorder keeps the file: its sync service uploads it, once.
      const sync = activeRecordingSync();
      if (!sync) return void toast.error('Sync service is not available.');
      void sync.handleCallRecording(recording);
      return;
    }
    const name = recording.name;
    // No network: the recording waits in the offline queue (IndexedDB) and uploads when the network returns.
    if (isOffline() && canQueue()) {
      queueWrites([recordingUploadWrite(file, { fileName: name, groupId })]);
      return;
    }
    const uploaded = uploads.add([{ blob: file, name }], groupId);
    // The user moved on while recording: this page's upload status is gone, so a toast (on the next page) tells.
    if (pageLeft) void uploaded.then((ok) => (ok ? toast.success(`Recording ${name} uploaded`) : toast.error(`Recording ${name} could not be uploaded`)));
  };
  const recorder = useManualRecording({ onRecorded, confirmConsent: consent.confirm });

  const isRecording = recorder.state === 'recording' || recorder.state === 'stopping';
  const recordings = useMemo(() => loadedRows(list.data?.pages, (page) => page.recordings), [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const directory = usePhoneDirectory(recordings.map((r) => r.phone_number));

  const addGroup = async () => {
    const next = groupInput.trim();
    if (!next) return toast.error('Add group error');
    try {
      await CallRecorder.addGroupToRecord({ groupId: next });
    } catch {
      return toast.error('Add group error');
    }
    localStorage.setItem(GROUP_KEY, next);
    setGroupId(next);
    setGroupInput('');
    toast.success(`New recordings go to group ${next}`);
  };
  const toggleRecording = () => (isRecording ? recorder.stop() : recorder.start(groupId));
  const refresh = () => {
    void list.refetch();
    void activeRecordingSync()?.scan();
  };

  return (
    <>
      <PageHeader
        title="Recordings"
        description="Call recordings with their transcripts."
        actions={
          <Group gap="xs">
            <Button variant={isRecording ? 'filled' : 'light'} color={isRecording ? 'red' : undefined} leftSection={isRecording ? <IconPlayerStopFilled size={16} /> : <IconMicrophone size={16} />} onClick={() => void toggleRecording()}>
              {isRecording ? 'Stop Recording' : 'Start Recording'}
            </Button>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh} loading={list.isRefetching}>
              Refresh
            </Button>
            <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setSettingsOpen(true)}>
              Settings
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        {availability === 'web' && (
          <Alert variant="light" color="blue" title="Recorder is only available in the mobile app.">
            Calls are recorded by the Fieldbook mobile app. Here you can record with your microphone, upload call recordings, play them and read their transcripts.
          </Alert>
        )}
        {availability === 'missing' && (
          <Alert variant="light" color="orange" title="Call Recorder plugin is not available in this environment.">
            This build of the app cannot record calls. You can still upload call recordings, play them and read their transcripts.
          </Alert>
        )}
        {availability === 'native' && <DeviceRecordings />}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput label="Group id" description={`New recordings go to group ${groupId}`} value={groupInput} onChange={(e) => setGroupInput(e.currentTarget.value)} placeholder={groupId} maxLength={100} style={{ flex: '1 1 12rem' }} />
          <Button variant="light" onClick={() => void addGroup()}>
            Add Group
          </Button>
          {isAdmin && (
            <Select
              label="Filter by User"
              placeholder="All users"
              clearable
              data={(users.data?.users ?? []).map((u) => ({ value: u.id, label: u.user_name ?? u.email }))}
              value={userFilter}
              onChange={setUserFilter}
              style={{ flex: '1 1 12rem' }}
            />
          )}
        </Group>

        <DropZone
          layout="inline"
          title="Drop call recordings here (m4a, mp3, wav, ogg, webm, amr, 3gp), or"
          buttonLabel="Choose files"
          inputLabel="Upload recordings"
          accept={RECORDING_ACCEPT}
          onFiles={(files) => void uploads.add(files.map((f) => ({ blob: f, name: f.name })), groupId)}
        >
          {uploads.queue.entries.length > 0 && <UploadList queue={uploads.queue} label="Upload status" />}
        </DropZone>

        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading recordings" />
          </Center>
        ) : list.isError && !list.isFetchNextPageError ? (
          <Alert color="red" title="Failed to load recordings" role="alert">
            <Text size="sm">{errorReason(list.error)}</Text>
            <Button size="xs" mt="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : recordings.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No recordings yet. Record with your microphone or upload a call.
          </Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {total === 1 ? '1 recording' : `${total} recordings`}
            </Text>
            {recordings.map((r) => (
              <RecordingItem
                key={r.id}
                recording={r}
                contactName={lookupPhone(r.phone_number, directory.index)?.name ?? null}
                isPlaying={player.playingId === r.id}
                isOpen={openId === r.id}
                position={player.position}
                showOwner={isAdmin}
                isDriveConnected={isDriveConnected}
                onToggleOpen={() => setParams(openId === r.id ? {} : { id: r.id }, { replace: true })}
                onPlay={(at) => void player.play(r.id, at)}
                onStop={player.stop}
                onAssign={() => setAssignFor(r.id)}
              />
            ))}
            {list.isFetchNextPageError && (
              <Alert color="red" title="More recordings could not be loaded" role="alert">
                <Text size="sm">{errorReason(list.error)}</Text>
              </Alert>
            )}
            {list.hasNextPage && (
              <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ alignSelf: 'center' }}>
                Load More Recordings
              </Button>
            )}
          </Stack>
        )}
      </Stack>

      {consent.element}
      <RecorderSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} onSaved={() => setUnsyncedSettings(unsyncedRecorderSettings(userId))} settings={recorderSettings} groupId={groupId} isDriveConnected={isDriveConnected} />
      <ContactPickerModal
        opened={assignFor !== null}
        onClose={() => setAssignFor(null)}
        maxSelection={1}
        title="Assign Contact"
        confirmLabel="Assign"
        onConfirm={([contact]) => {
          if (!contact || !assignFor) return;
          assign.mutate({ id: assignFor, contactId: contact.id }, { onSuccess: () => toast.success(`${contact.name} assigned`), onError: (err) => toast.error(errorReason(err)) });
        }}
      />
    </>
  );
}
