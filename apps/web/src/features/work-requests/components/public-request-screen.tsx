import { Stack, Text, Title } from '@mantine/core';
import { ClientPage, ClientPageBody } from '../../../components/client-page';
import { usePublicForm } from '../api/get-public-form';
import { sendPublicRequest } from '../api/send-public-request';
import { uploadRequestPhotos } from '../api/upload-request-photos';
import { RequestWorkForm, type RequestWorkValues } from './request-work-form';

/**
 * /r/:token — the contractor's public "Request work" page (for their website): no account, fits a 390 px phone. The
 * send proves a little work first (lib/proof-of-work.ts), then the photos follow by the token the send answered.
 */
export function PublicRequestScreen({ token }: { token: string }) {
  const page = usePublicForm(token);
  const submit = async (values: RequestWorkValues, photos: File[]) => {
    const receipt = await sendPublicRequest(token, values);
    return { photoProblems: await uploadRequestPhotos(receipt, photos) };
  };
  return (
    <ClientPage>
      <ClientPageBody query={page} unavailableTitle="Request form unavailable">
        {({ company }) => (
          <Stack>
            <div>
              <Title order={2}>Request work</Title>
              <Text c="dimmed">{company}</Text>
            </div>
            <RequestWorkForm submit={submit} sentText={`Thank you — ${company} has your request and will be in touch.`} />
          </Stack>
        )}
      </ClientPageBody>
    </ClientPage>
  );
}
