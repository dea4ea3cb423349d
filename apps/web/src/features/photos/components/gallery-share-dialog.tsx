import { PHOTO_GALLERY_EXPIRY_DAYS, PHOTO_GALLERY_LABEL_MAX, type PhotoGallery } from '@fieldbook/contract';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clientPageMessage } from '../../../components/client-page';
import { useCreateGallery } from '../api/photo-galleries';
import { GalleryLinkActions } from './gallery-link-actions';
import { PhotoSelectionField, selectionBody, type OutputSelection } from './photo-report-selection';

type ExpiryDays = (typeof PHOTO_GALLERY_EXPIRY_DAYS)[number];

/**
 * Share gallery: the chosen photos or a stage, for how long, and who it is for (seen only in the office); then its
 * link to copy, email or text. The client sees the photos' captions and dates — never the place or the author.
 */
export function GalleryShareDialog({ jobId, opened, photoIds, onClose, onCreated }: { jobId: string; opened: boolean; photoIds: string[]; onClose: () => void; onCreated: () => void }) {
  const create = useCreateGallery(jobId);
  const [selection, setSelection] = useState<OutputSelection>({ kind: 'stage', stage: 'before' });
  const [days, setDays] = useState<ExpiryDays>(30);
  const [label, setLabel] = useState('');
  const [made, setMade] = useState<PhotoGallery | null>(null);
  useEffect(() => {
    if (!opened) return;
    setSelection(photoIds.length > 0 ? { kind: 'chosen' } : { kind: 'stage', stage: 'before' });
    setDays(30);
    setLabel('');
    setMade(null);
    create.reset();
    // Reset when the dialog opens, not on every render of its parent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const submit = () =>
    create.mutate(
      { ...selectionBody(selection, photoIds), expires_in_days: days, label: label.trim() },
      {
        onSuccess: (gallery) => {
          setMade(gallery);
          onCreated();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Share gallery" size="md">
      {made?.link ? (
        <Stack gap="sm">
          <Text size="sm">
            The gallery link works until {new Date(made.expires_at).toLocaleDateString()}. You can turn it off any time under Shared galleries.
          </Text>
          <GalleryLinkActions link={made.link} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <PhotoSelectionField value={selection} onChange={setSelection} chosenCount={photoIds.length} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="gallery-expiry">
              Link expires after
            </Text>
            <SegmentedControl
              aria-labelledby="gallery-expiry"
              fullWidth
              value={String(days)}
              onChange={(v) => setDays(Number(v) as ExpiryDays)}
              data={PHOTO_GALLERY_EXPIRY_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
            />
          </Stack>
          <TextInput label="For (only your team sees this)" placeholder="Homeowner, or the adjuster’s name" value={label} maxLength={PHOTO_GALLERY_LABEL_MAX} onChange={(e) => setLabel(e.currentTarget.value)} />
          <Text size="sm" c="dimmed">
            The client sees the photos with their captions and dates. Where they were taken (GPS) is removed from the shared copies.
          </Text>
          {create.error && <Alert color="red">{clientPageMessage(create.error)}</Alert>}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={create.isPending}>
              Create link
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
