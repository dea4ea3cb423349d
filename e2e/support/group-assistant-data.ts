import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * A crew's FAQ as a plain-text document: thirteen questions, each answered on the next line. Twelve answers have
 * substance (quality ≥ 0.6, approved by an extraction with auto_approve); 'Do you work on Saturdays? Yes.' scores
 * low and waits for review — the example the browser test approves by hand.
 */
export const FAQ_PAIRS: [string, string][] = [
  ['When does the crew start work each day?', 'The crew arrives at seven in the morning and starts work by seven thirty.'],
  ['How long does a full roof replacement take?', 'A full roof replacement on a single family home takes two to three working days.'],
  ['Do you haul away the old shingles?', 'Yes, a dumpster is delivered on the first day and the old shingles are hauled away when the roof is done.'],
  ['What kind of warranty comes with a new roof?', 'Every new roof carries a ten year workmanship warranty plus the manufacturer warranty on the shingles.'],
  ['How much is the deposit for a roofing job?', 'The deposit is one third of the contract price, paid when the contract is signed.'],
  ['Can the crew work in the rain?', 'The crew does not tear off roofing in the rain and reschedules the tear off for the next dry day.'],
  ['Who should the homeowner call with questions during the job?', 'The homeowner should call the project manager whose number is on the contract.'],
  ['Do we need a permit for a roof replacement?', 'The city requires a permit for every roof replacement and the office files it before work starts.'],
  ['How do you protect the garden during a tear off?', 'The crew covers plants and shrubs with tarps and uses a magnetic sweeper for nails every evening.'],
  ['What happens if rotten decking is found?', 'Rotten decking is replaced at the price per sheet written in the contract after the homeowner approves it.'],
  ['When is the final payment due?', 'The final payment is due after the final inspection passes and the homeowner has walked the roof with the crew.'],
  ['Which shingle colors are in stock?', 'Charcoal, weathered wood and driftwood shingles are in stock and other colors take about a week to order.'],
  ['Do you work on Saturdays?', 'Yes.'],
];
export const FAQ_TEXT = `${FAQ_PAIRS.flat().join('\n')}\n`;
export const FAQ_DOCUMENT = 'Roofing FAQ.txt';
/** The weak pair extraction leaves pending. */
export const PENDING_QUESTION = 'Do you work on Saturdays?';

export type ApiSession = { request: APIRequestContext; base: string; headers: Record<string, string> };

export async function signInApi(request: APIRequestContext, base: string, email: string, password: string): Promise<ApiSession> {
  const res = await request.post(`${base}/auth/v1/token?grant_type=password`, { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return { request, base, headers: { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` } };
}

async function post<T>(s: ApiSession, path: string, data: unknown): Promise<T> {
  const res = await s.request.post(`${s.base}${path}`, { headers: s.headers, data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A group with material to learn from, made through the API as a crew would: the group, a job with one of the
 * group's tasks, and the FAQ uploaded to that job (extraction reads the documents of the jobs a group has tasks
 * on), waited for until its text is extracted.
 */
export async function createGroupWithFaq(s: ApiSession, prefix: string): Promise<{ id: string; name: string }> {
  const name = `${prefix} ${randomUUID().slice(0, 6)}`;
  const group = await post<{ id: string }>(s, '/api/groups', { name, description: 'Roof replacements and repairs' });
  const job = await post<{ id: string }>(s, '/api/jobs', { client_name: `FAQ ${name}`, property_address: '14 Shingle Way' });
  await post(s, '/api/tasks', { description: 'Answer the homeowner’s questions', job_id: job.id, group_id: group.id });
  const upload = await s.request.post(`${s.base}/api/process-documents`, {
    headers: s.headers,
    multipart: { job_id: job.id, file: { name: FAQ_DOCUMENT, mimeType: 'text/plain', buffer: Buffer.from(FAQ_TEXT, 'utf8') } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const doc = (await upload.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const res = await s.request.get(`${s.base}/api/documents/${doc.id}`, { headers: s.headers });
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 30_000, message: 'the FAQ document is processed' },
    )
    .toBe('processed');
  return { id: group.id, name };
}
