import { endpointPath, recordingEndpoints } from '@fieldbook/contract';
import { apiErrorFrom, buildUrl, rawApiAccess } from '../../../lib/api-client';

/** Saves the transcript file (its name, phone_{date}_{time}_{number}.txt, comes from the server). */
export async function downloadTranscript(id: string): Promise<void> {
  const { baseUrl, token } = await rawApiAccess();
  const res = await fetch(buildUrl(baseUrl, endpointPath(recordingEndpoints.transcript.path, { id })), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null), res.statusText);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'transcript.txt';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
