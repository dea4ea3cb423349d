import { DocumentSchema, documentEndpoints, RESUMABLE_UPLOAD_MIN_BYTES } from '@fieldbook/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiClient from '../api-client';
import { rawApiAccess } from '../api-client';
import { resumableTargetFor, uploadResumable } from './resumable-upload';

// The transport's side of a stopped upload (issue 26: the queue's signal at sign-out) — tus-js-client itself is a
// fake that says whether the upload was started or aborted; the session is a fake too.
const tus = vi.hoisted(() => ({ started: 0, aborted: 0, previous: [] as unknown[], findPrevious: null as Promise<unknown[]> | null }));
vi.mock('tus-js-client', () => ({
  Upload: class {
    findPreviousUploads() {
      return tus.findPrevious ?? Promise.resolve(tus.previous);
    }
    resumeFromPreviousUpload() {}
    start() {
      tus.started++;
    }
    abort() {
      tus.aborted++;
      return Promise.resolve();
    }
  },
}));
vi.mock('../api-client', async (original) => ({
  ...(await original<typeof apiClient>()),
  rawApiAccess: vi.fn(async () => ({ baseUrl: 'http://api.test', token: 'a-token' })),
}));

const target = resumableTargetFor(documentEndpoints.upload.path, RESUMABLE_UPLOAD_MIN_BYTES)!;
const request = (signal: AbortSignal) => ({ file: new Blob(['x']), fileName: 'plan.pdf', schema: DocumentSchema, onProgress: () => {}, signal });

beforeEach(() => {
  Object.assign(tus, { started: 0, aborted: 0, findPrevious: null });
});

describe('a resumable upload and its signal', () => {
  it('aborted while it is sent: the tus upload is aborted and the upload rejects as cancelled', async () => {
    const stop = new AbortController();
    const done = uploadResumable(target, request(stop.signal));
    await vi.waitFor(() => expect(tus.started).toBe(1));
    stop.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(tus.aborted).toBe(1);
  });

  it('aborted while the session is read (before the upload is made): nothing is started', async () => {
    const stop = new AbortController();
    let session!: () => void;
    vi.mocked(rawApiAccess).mockImplementationOnce(() => new Promise((resolve) => (session = () => resolve({ baseUrl: 'http://api.test', token: 'a-token' }))));
    const done = uploadResumable(target, request(stop.signal));
    stop.abort();
    session();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tus.started).toBe(0);
  });

  it('aborted while earlier uploads of the file are looked up: it is not started afterwards', async () => {
    const stop = new AbortController();
    let found!: () => void;
    tus.findPrevious = new Promise((resolve) => (found = () => resolve([])));
    const done = uploadResumable(target, request(stop.signal));
    await vi.waitFor(() => expect(found).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    found();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(tus.started).toBe(0);
  });
});
