import type { ClientHub } from '@fieldbook/contract';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { RequestWorkForm, uploadRequestPhotos, type RequestWorkValues } from '../../work-requests';
import { sendHubWorkRequest } from '../api/send-hub-work-request';

/**
 * "Request work" on the hub (issue 36): the work-requests feature's form, sent to its hub endpoint with this page's
 * token — the hub's contact is who asks, so the form asks only what, where, when and photos (sent after, by the
 * token the answer gives).
 */
export function HubRequestWork({ token, hub }: { token: string; hub: ClientHub }) {
  const [isOpen, setOpen] = useState(false);
  const submit = async (values: RequestWorkValues, photos: File[]) => {
    const receipt = await sendHubWorkRequest(token, { what: values.what, address: values.address, preferred_times: values.preferred_times });
    return { photoProblems: await uploadRequestPhotos(receipt, photos) };
  };
  if (!isOpen) {
    return (
      <Button size="md" variant="light" onClick={() => setOpen(true)}>
        Request work
      </Button>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Request work">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          Request work
        </Title>
        <RequestWorkForm submit={submit} withContact={false} sentText={`Thank you — ${hub.company} has your request and will be in touch.`} />
      </Stack>
    </Paper>
  );
}
