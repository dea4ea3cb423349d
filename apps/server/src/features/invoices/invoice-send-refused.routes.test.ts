import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InvoiceSchema, type InvoiceBody } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, invoices, invoiceSends, outboxMessages } from '../../db/schema';
import { folderBlobStore, type BlobStore } from '../../platform/blob-store';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// Issue 33, a fault of the sending half: a send refused after the invoice's PDF was stored for its email (the invoice
// changed meanwhile) left that PDF as a document on the job, for an email that never went. Now nothing is left.

let ctx: TestContext;
let alice: TestUser;
let jobId: string;
let maria: string;
let samNoEmail: string;
/** Runs while the email's PDF is being stored: here, another member's edit landing at that moment. */
let duringPdfStore: (() => Promise<void>) | null = null;
let lastDocumentKey: string | null = null;

const BODY: InvoiceBody = { title: 'Fence', items: [{ name: 'Posts', quantity: 4, unit_price_cents: 5_000, taxable: false }], payment_terms: 'net_15' };
const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: alice.headers, ...(payload ? { payload } : {}) });
const jobDocuments = () => ctx.db.select().from(documents).where(eq(documents.jobId, jobId));

beforeAll(async () => {
  const store = folderBlobStore(await mkdtemp(path.join(os.tmpdir(), 'fieldbook-blobs-')));
  const blobs: BlobStore = {
    ...store,
    kind: store.kind,
    put: async (key, body, opts) => {
      const written = await store.put(key, body, opts);
      if (key.startsWith('documents/')) lastDocumentKey = key;
      if (key.startsWith('documents/') && duringPdfStore) await duringPdfStore();
      return written;
    },
  };
  ctx = await createTestApp({}, { blobs });
  alice = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId! })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
  samNoEmail = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Sam Lee', phoneNumber: '5125550123' })).id;
});
afterAll(() => ctx.close());

describe('a refused send leaves no PDF behind', () => {
  it('refused before anything is made (no email address): no document, no message, still a draft', async () => {
    const invoice = InvoiceSchema.parse((await api('POST', `/api/jobs/${jobId}/invoices`, BODY)).json());
    const res = await api('POST', `/api/invoices/${invoice.id}/send`, { contact_id: samNoEmail, methods: ['sms', 'email'] });
    expect(res.statusCode).toBe(400);
    expect(await jobDocuments()).toEqual([]);
    expect(await ctx.db.select().from(outboxMessages)).toEqual([]);
  });

  it('refused after its PDF was stored (the invoice changed meanwhile): the document and its file are removed, nothing sent', async () => {
    const invoice = InvoiceSchema.parse((await api('POST', `/api/jobs/${jobId}/invoices`, BODY)).json());
    duringPdfStore = async () => {
      await ctx.db.update(invoices).set({ updatedAt: sql`now() + interval '1 second'` }).where(eq(invoices.id, invoice.id));
    };
    const res = await api('POST', `/api/invoices/${invoice.id}/send`, { contact_id: maria, methods: ['email', 'sms'] });
    duringPdfStore = null;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: 'The invoice changed while it was being sent; try again' } });
    expect(await jobDocuments()).toEqual([]);
    // The PDF was written (the store saw it), then removed with its row.
    expect(lastDocumentKey).toMatch(new RegExp(`^documents/${alice.workspaceId}/`));
    expect(await ctx.blobs.size(lastDocumentKey!)).toBeNull();
    expect(await ctx.db.select().from(invoiceSends).where(eq(invoiceSends.invoiceId, invoice.id))).toEqual([]);
    expect(await ctx.db.select().from(outboxMessages)).toEqual([]);
    expect((await api('GET', `/api/invoices/${invoice.id}`)).json()).toMatchObject({ status: 'draft' });

    // Sent again, it goes: one document, its file in the store.
    const again = await api('POST', `/api/invoices/${invoice.id}/send`, { contact_id: maria, methods: ['email'] });
    expect(again.statusCode, again.body).toBe(200);
    const docs = await jobDocuments();
    expect(docs).toHaveLength(1);
    expect(await ctx.blobs.size(docs[0]!.storageKey!)).toBeGreaterThan(0);
  });
});
