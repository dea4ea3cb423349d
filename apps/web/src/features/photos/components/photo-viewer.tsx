import { PHOTO_STAGES, UpdatePhotoBodySchema, type Photo, type PhotoStage, type UpdatePhotoBody } from '@fieldbook/contract';
import { Anchor, Button, Center, Group, Loader, Modal, NativeSelect, Stack, Switch, TagsInput, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorReason } from '../../../lib/error-reason';
import { useDeletePhoto } from '../api/delete-photo';
import { usePhoto } from '../api/get-photo';
import { useUpdatePhoto } from '../api/update-photo';
import { imageSrc, mapsUrl, photoAlt, STAGE_LABELS, takenAtText } from '../lib/photo-labels';
import { PhotoMarkupEditor } from './photo-markup-editor';
import { PhotoMarkupOverlay } from './photo-markup-overlay';

type ViewerProps = {
  photoId: string | null;
  timeZone: string;
  meId: string | null;
  isWorkspaceAdmin: boolean;
  /** The timeline's viewer links to the photo's job. */
  showJobLink?: boolean;
  onClose: () => void;
};

/** One photo large (its original), its caption, stage and tags editable, when and where it was taken and by whom. */
export function PhotoViewer({ photoId, timeZone, meId, isWorkspaceAdmin, showJobLink = false, onClose }: ViewerProps) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  const photo = usePhoto(photoId);
  return (
    <Modal opened={Boolean(photoId)} onClose={onClose} title="Photo" size="xl" fullScreen={Boolean(isPhone)}>
      {photo.isPending ? (
        <Center h={200}>
          <Loader aria-label="Loading photo" />
        </Center>
      ) : photo.isError ? (
        <Text c="red" role="alert">
          {errorReason(photo.error)}
        </Text>
      ) : (
        // Keyed by the photo's state: the form starts again from what the server answered.
        <PhotoDetails key={`${photo.data.id}:${photo.data.stage}:${photo.data.caption}:${photo.data.tags.join(',')}`} photo={photo.data} timeZone={timeZone} canDelete={photo.data.author.id === meId || isWorkspaceAdmin} showJobLink={showJobLink} onDeleted={onClose} />
      )}
    </Modal>
  );
}

function PhotoDetails({ photo, timeZone, canDelete, showJobLink, onDeleted }: { photo: Photo; timeZone: string; canDelete: boolean; showJobLink: boolean; onDeleted: () => void }) {
  const [caption, setCaption] = useState(photo.caption);
  const [stage, setStage] = useState<PhotoStage>(photo.stage);
  const [tags, setTags] = useState<string[]>(photo.tags);
  const [problem, setProblem] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isMarkingUp, setMarkingUp] = useState(false);
  const [showOriginal, setShowOriginal] = useState(false);
  const [size, setSize] = useState({ width: photo.width ?? 4, height: photo.height ?? 3 });
  const markupShapes = photo.markup?.shapes ?? [];
  const update = useUpdatePhoto();
  const remove = useDeletePhoto();
  const place = mapsUrl(photo);

  const changes: UpdatePhotoBody = {
    ...(caption.trim() !== photo.caption ? { caption } : {}),
    ...(stage !== photo.stage ? { stage } : {}),
    ...(tags.join('\n') !== photo.tags.join('\n') ? { tags } : {}),
  };
  const isChanged = Object.keys(changes).length > 0;
  const save = () => {
    // The server's own check (the contract's schema), with its messages, before the request.
    const checked = UpdatePhotoBodySchema.safeParse(changes);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the photo’s details');
    setProblem(null);
    update.mutate({ id: photo.id, body: changes }, { onSuccess: () => toast.success('Photo saved'), onError: (err) => setProblem(errorReason(err)) });
  };
  const confirmDelete = () =>
    remove.mutate(photo.id, {
      onSuccess: () => {
        toast.success('Photo deleted');
        setConfirming(false);
        onDeleted();
      },
      onError: (err) => {
        setConfirming(false);
        setProblem(errorReason(err));
      },
    });

  if (isMarkingUp) return <PhotoMarkupEditor photo={photo} onDone={() => setMarkingUp(false)} />;
  return (
    <Stack gap="sm">
      {/* The markup is drawn over the original (the contract's geometry, as the server renders it); the switch shows the original alone. */}
      <div style={{ position: 'relative', alignSelf: 'center', maxWidth: '100%', lineHeight: 0 }}>
        <a href={imageSrc(photo.original_url)} target="_blank" rel="noopener noreferrer" aria-label="Open the original">
          <img
            src={imageSrc(photo.original_url)}
            alt={photoAlt(photo)}
            onLoad={(e) => e.currentTarget.naturalWidth > 0 && setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
            style={{ display: 'block', maxWidth: '100%', maxHeight: '60dvh', borderRadius: 6 }}
          />
        </a>
        {markupShapes.length > 0 && !showOriginal && <PhotoMarkupOverlay shapes={markupShapes} width={size.width} height={size.height} label="Markup" />}
      </div>
      <Group justify="space-between" gap="xs">
        {markupShapes.length > 0 ? <Switch label="Show markup" checked={!showOriginal} onChange={(e) => setShowOriginal(!e.currentTarget.checked)} /> : <span />}
        <Button variant="light" onClick={() => setMarkingUp(true)}>
          Mark up
        </Button>
      </Group>
      {photo.markup?.render_status === 'failed' && (
        <Text size="sm" c="dimmed">
          {photo.markup.render_error}
        </Text>
      )}
      <Stack gap={2}>
        <Text size="sm">
          Taken {takenAtText(photo, timeZone)}
          {photo.taken_at_source === 'upload' ? ' (no time in the photo: when it was uploaded)' : ''}
        </Text>
        <Text size="sm">By {photo.author.name ?? 'a former member'}</Text>
        {place ? (
          <Anchor href={place} target="_blank" rel="noopener noreferrer" size="sm">
            View the place on a map
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            No location in the photo
          </Text>
        )}
        {photo.status === 'failed' && (
          <Text size="sm" c="dimmed">
            No thumbnail: {photo.processing_error}
          </Text>
        )}
        {showJobLink && (
          <Anchor component={Link} to={`/jobs/${photo.job_id}?photo=${photo.id}`} size="sm">
            Open the job
          </Anchor>
        )}
      </Stack>
      <Textarea label="Caption" autosize minRows={2} value={caption} onChange={(e) => setCaption(e.currentTarget.value)} />
      <NativeSelect label="Stage" value={stage} onChange={(e) => setStage(e.currentTarget.value as PhotoStage)} data={PHOTO_STAGES.map((value) => ({ value, label: STAGE_LABELS[value] }))} />
      <TagsInput label="Tags" value={tags} onChange={setTags} placeholder="Add a tag and press Enter" splitChars={[',']} clearable />
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        {canDelete ? (
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Delete photo
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={save} disabled={!isChanged} loading={update.isPending}>
          Save
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        title="Delete this photo?"
        message="The photo and its thumbnail are deleted for everyone on the workspace. This cannot be undone."
        confirmLabel="Delete"
        isWorking={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
