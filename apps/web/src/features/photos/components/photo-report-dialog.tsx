import { PHOTO_REPORT_TITLE_MAX } from '@fieldbook/contract';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clientPageMessage } from '../../../components/client-page';
import { useCreatePhotoReport } from '../api/photo-reports';
import { PhotoSelectionField, selectionBody, type OutputSelection } from './photo-report-selection';

/** Create photo report: the chosen photos or a stage, an optional title; the PDF is made in the background. */
export function PhotoReportDialog({ jobId, opened, photoIds, onClose, onCreated }: { jobId: string; opened: boolean; photoIds: string[]; onClose: () => void; onCreated: () => void }) {
  const create = useCreatePhotoReport(jobId);
  const [selection, setSelection] = useState<OutputSelection>({ kind: 'stage', stage: 'before' });
  const [title, setTitle] = useState('');
  useEffect(() => {
    if (!opened) return;
    setSelection(photoIds.length > 0 ? { kind: 'chosen' } : { kind: 'stage', stage: 'before' });
    setTitle('');
    create.reset();
    // Reset when the dialog opens, not on every render of its parent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const submit = () => create.mutate({ ...selectionBody(selection, photoIds), ...(title.trim() ? { title: title.trim() } : {}) }, { onSuccess: onCreated });
  return (
    <Modal opened={opened} onClose={onClose} title="Create photo report" fullScreen={false} size="md">
      <Stack gap="sm">
        <PhotoSelectionField value={selection} onChange={setSelection} chosenCount={photoIds.length} />
        <TextInput label="Title (optional)" placeholder="Photo report — the job’s title" value={title} maxLength={PHOTO_REPORT_TITLE_MAX} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Text size="sm" c="dimmed">
          A PDF with each photo’s caption, time, place and author, grouped by stage, with the job, client, address and claim number on the cover. It is saved to the job’s documents.
        </Text>
        {create.error && <Alert color="red">{clientPageMessage(create.error)}</Alert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Create photo report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
