import { SubmitWorkRequestBodySchema, WORK_REQUEST_FORM_FIELDS, WORK_REQUEST_MAX_PHOTOS, WORK_REQUEST_PHOTO_MAX_BYTES } from '@fieldbook/contract';
import { Alert, Box, Button, CloseButton, FileButton, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/api-client';
import { contractValidate } from '../../../lib/contract-form';
import { formatFileSize } from '../../../lib/format-file-size';
import { clientPageMessage } from '../../../components/client-page';

/** What the form gives its submit function: the request's fields (and `website`, the honeypot) and the chosen photos. */
export type RequestWorkValues = { what: string; address: string; preferred_times: string; name: string; phone: string; email: string; website: string };

const CONTACT_FIELDS = { what: true, address: true, preferred_times: true, name: true, phone: true, email: true } as const;
const WORK_FIELDS = { what: true, address: true, preferred_times: true } as const;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * The "Request work" form (issue 36): what, where, preferred times, photos — and, when the sender is not known (the
 * public link), their name, phone and email. The same form in the client hub (`withContact` false: the hub knows who
 * they are). `submit` sends it and throws the server's error to show; the form checks fields with the contract's own
 * schema first. The honeypot `website` is a field people never see: hidden from eyes, screen readers and the tab order.
 */
export function RequestWorkForm({
  submit,
  withContact = true,
  sentTitle = 'Request sent',
  sentText = 'Thank you — the office has your request and will be in touch.',
}: {
  submit: (values: RequestWorkValues, photos: File[]) => Promise<{ photoProblems?: string[] } | void>;
  withContact?: boolean;
  sentTitle?: string;
  sentText?: string;
}) {
  const schema = SubmitWorkRequestBodySchema.pick(withContact ? CONTACT_FIELDS : WORK_FIELDS);
  const form = useForm<RequestWorkValues>({
    mode: 'controlled',
    initialValues: { what: '', address: '', preferred_times: '', name: '', phone: '', email: '', website: '' },
    validate: contractValidate(schema, (v: RequestWorkValues) => v, WORK_REQUEST_FORM_FIELDS),
  });
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ photoProblems: string[] } | null>(null);

  const addPhotos = (files: File[]) => {
    setPhotoError(null);
    const ok = files.filter((f) => PHOTO_TYPES.includes(f.type) && f.size <= WORK_REQUEST_PHOTO_MAX_BYTES);
    if (ok.length < files.length) setPhotoError(`Photos must be JPEG, PNG or WebP, at most ${formatFileSize(WORK_REQUEST_PHOTO_MAX_BYTES)} each.`);
    const next = [...photos, ...ok];
    if (next.length > WORK_REQUEST_MAX_PHOTOS) setPhotoError(`At most ${WORK_REQUEST_MAX_PHOTOS} photos.`);
    setPhotos(next.slice(0, WORK_REQUEST_MAX_PHOTOS));
  };

  const sendAnother = () => {
    form.reset();
    setPhotos([]);
    setPhotoError(null);
    setSent(null);
  };

  const onSubmit = form.onSubmit(async (values) => {
    setError(null);
    setSending(true);
    try {
      const answer = await submit(values, photos);
      setSent({ photoProblems: (answer && answer.photoProblems) ?? [] });
    } catch (err) {
      const fields = fieldErrorsOf(err, WORK_REQUEST_FORM_FIELDS);
      form.setErrors(fields);
      setError(clientPageMessage(err));
    } finally {
      setSending(false);
    }
  });

  if (sent) {
    return (
      <Stack>
        <Alert color="green" title={sentTitle}>
          {sentText}
        </Alert>
        {sent.photoProblems.length > 0 && (
          <Alert color="yellow" title="Some photos were not added">
            {sent.photoProblems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Alert>
        )}
        {/* Another request without reloading the page (the hub stays open on a phone). */}
        <Button variant="subtle" style={{ alignSelf: 'flex-start' }} onClick={sendAnother}>
          Send another request
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Textarea label="What do you need done?" withAsterisk autosize minRows={3} maxRows={8} {...form.getInputProps('what')} />
        <TextInput label="Address of the work" withAsterisk autoComplete="street-address" {...form.getInputProps('address')} />
        <TextInput label="Preferred times" placeholder="e.g. weekday mornings" {...form.getInputProps('preferred_times')} />
        {withContact && (
          <>
            <TextInput label="Your name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label="Phone" withAsterisk type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          </>
        )}
        {/* The honeypot: off-screen, unannounced, out of the tab order; a person leaves it empty. */}
        <Box aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            Website
            <input type="text" name="website" tabIndex={-1} autoComplete="off" value={form.values.website} onChange={(e) => form.setFieldValue('website', e.currentTarget.value)} />
          </label>
        </Box>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={addPhotos} accept={PHOTO_TYPES.join(',')} multiple>
              {(props) => (
                <Button variant="light" {...props} disabled={photos.length >= WORK_REQUEST_MAX_PHOTOS}>
                  Add photos
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              Up to {WORK_REQUEST_MAX_PHOTOS}
            </Text>
          </Group>
          {photos.map((p, i) => (
            <Group key={`${p.name}-${i}`} gap="xs" wrap="nowrap">
              <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
                {p.name} · {formatFileSize(p.size)}
              </Text>
              <CloseButton aria-label={`Remove ${p.name}`} onClick={() => setPhotos(photos.filter((_, j) => j !== i))} />
            </Group>
          ))}
          {photoError && (
            <Text size="sm" c="red">
              {photoError}
            </Text>
          )}
        </Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={sending} fullWidth>
          Send request
        </Button>
      </Stack>
    </form>
  );
}
