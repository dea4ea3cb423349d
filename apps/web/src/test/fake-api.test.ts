import { DocumentSchema, documentEndpoints, jobEndpoints, type Job } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from '../lib/call-endpoint';
import { uploadFile } from '../lib/uploads/upload-file';
import { apiError, fakeApi } from './fake-api';
import { makeDocument } from './factories';

const JOB_ID = '00000000-0000-4000-8000-000000009001';
const JOB: Job = {
  id: JOB_ID,
  workspace_id: '00000000-0000-4000-8000-0000000000b1',
  client_name: 'Garcia',
  property_address: '1 Main St',
  claim_number: null,
  status: 'active',
  title: null,
  description: null,
  due_date: null,
  metadata: {},
  document_types: [],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  tasks: [],
  documents: { needed: [], created: [], processed: [] },
};

afterEach(() => vi.unstubAllGlobals());

describe('fakeApi: web tests fake the API by contract endpoint', () => {
  it('routes a request to its endpoint by method and path pattern, and hands the handler the parsed params and query', async () => {
    const api = fakeApi()
      .on(jobEndpoints.get, ({ params }) => ({ ...JOB, id: params.id }))
      .on(jobEndpoints.list, ({ query }) => ({ jobs: [JOB], total: query.limit }));
    expect((await callEndpoint(jobEndpoints.get, { params: { id: JOB_ID } })).id).toBe(JOB_ID);
    expect((await callEndpoint(jobEndpoints.list, { query: { limit: 5 } })).total).toBe(5);
    // The query arrives as the server's handler would see it: coerced, with the schema's defaults.
    expect(api.calls(jobEndpoints.list)[0]?.query).toMatchObject({ limit: 5, sort: 'created_at' });
    expect(api.calls(jobEndpoints.get).map((r) => r.name)).toEqual(['jobEndpoints.get']);
    expect(api.problems).toEqual([]);
  });

  it('refuses a body the endpoint’s schema refuses, as the server does (400 VALIDATION_ERROR), before the handler runs', async () => {
    const handler = vi.fn(() => JOB);
    const api = fakeApi().on(jobEndpoints.updateStatus, handler);
    await expect(callEndpoint(jobEndpoints.updateStatus, { params: { id: JOB_ID }, body: { status: 'nonsense' as Job['status'] } })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(handler).not.toHaveBeenCalled();
    await callEndpoint(jobEndpoints.updateStatus, { params: { id: JOB_ID }, body: { status: 'completed' } });
    expect(api.calls(jobEndpoints.updateStatus).at(-1)?.body).toEqual({ status: 'completed' });
  });

  it('answers in turn (the last repeats), sends a Response as it is, and a thrown error is a failed fetch', async () => {
    fakeApi().on(jobEndpoints.get, apiError(404, 'NOT_FOUND', 'Job not found'), JOB, () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(callEndpoint(jobEndpoints.get, { params: { id: JOB_ID } })).rejects.toMatchObject({ status: 404, message: 'Job not found' });
    expect((await callEndpoint(jobEndpoints.get, { params: { id: JOB_ID } })).client_name).toBe('Garcia');
    await expect(callEndpoint(jobEndpoints.get, { params: { id: JOB_ID }, timeoutMs: 50 })).rejects.toBeTruthy();
  });

  it('sends a Response given as a value again and again (each time a fresh copy)', async () => {
    fakeApi().on(jobEndpoints.get, apiError(404, 'NOT_FOUND', 'Job not found'));
    for (let i = 0; i < 2; i++) await expect(callEndpoint(jobEndpoints.get, { params: { id: JOB_ID } })).rejects.toMatchObject({ status: 404, message: 'Job not found' });
  });

  it('names what is wrong on the fake’s side: an unfaked endpoint, a path outside the contract, an answer off the contract', async () => {
    const api = fakeApi().on(jobEndpoints.get, { ...JOB, status: 'unknown' } as unknown as Job);
    await expect(callEndpoint(jobEndpoints.list, {})).rejects.toMatchObject({ status: 404 });
    await expect(callEndpoint(jobEndpoints.get, { params: { id: JOB_ID } })).rejects.toMatchObject({ status: 500 });
    await fetch('/api/no-such-thing');
    expect(api.problems).toEqual([
      'jobEndpoints.list (GET /api/jobs) has no fake',
      expect.stringMatching(/^jobEndpoints\.get: the fake's answer does not match the contract: status: /),
      'GET /api/no-such-thing is not an endpoint of the contract',
    ]);
  });

  it('serves uploads too (XMLHttpRequest, for their progress): the multipart form reaches the endpoint, its answer or error the uploader', async () => {
    const stored = makeDocument('plan.pdf', { status: 'processing', processed_at: null });
    const api = fakeApi().on(documentEndpoints.upload, ({ form }) => ({ ...stored, name: (form?.get('file') as File).name, job_id: String(form?.get('job_id')) }), apiError(413, 'PAYLOAD_TOO_LARGE', 'File too large'));
    const progress: number[] = [];
    const upload = () => uploadFile({ path: documentEndpoints.upload.path, fields: { job_id: JOB_ID }, file: new Blob(['%PDF']), fileName: 'plan.pdf', schema: DocumentSchema, onProgress: (p) => progress.push(p) });
    expect(await upload()).toMatchObject({ name: 'plan.pdf', job_id: JOB_ID });
    expect(progress).toEqual([0, 100]);
    expect((api.calls(documentEndpoints.upload)[0]?.form?.get('file') as File).size).toBe(4);
    await expect(upload()).rejects.toMatchObject({ status: 413, message: 'File too large' });
    expect(api.problems).toEqual([]);
  });

  it('refuses to fake something that is not a contract endpoint', () => {
    expect(() => fakeApi().on({ ...jobEndpoints.get }, JOB)).toThrow(/not an endpoint the contract exports/);
  });
});
