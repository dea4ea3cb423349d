import { sendHubRequest } from '../api/send-hub-request';
import { uploadRequestPhotos } from '../api/upload-request-photos';
import { RequestWorkForm, type RequestWorkValues } from './request-work-form';

/** The client hub's Request work form, ready to place: the hub's token sends it, the photos follow by the answer's token. */
export function HubRequestWorkForm({ token, company }: { token: string; company: string }) {
  const submit = async (values: RequestWorkValues, photos: File[]) => {
    const receipt = await sendHubRequest(token, { what: values.what, address: values.address, preferred_times: values.preferred_times });
    return { photoProblems: await uploadRequestPhotos(receipt, photos) };
  };
  return <RequestWorkForm withContact={false} submit={submit} sentText={`Thank you — ${company} has your request and will be in touch.`} />;
}
