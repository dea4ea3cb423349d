import { PublicQuoteSchema, QuoteSchema, SentQuoteSchema, type QuoteBody } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, outboxMessages, quoteApprovals } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { onItemAdded, type AddedItem } from '../../platform/item-events';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { signaturePng } from './quotes.test-helpers';
import { startQuotePdfWorker } from './signed-pdf.job';

let ctx: TestContext;
let alice: TestUser;
let eve: TestUser;
let jobId: string;
let maria: string;

const SIGNATURE = signaturePng();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const BODY: QuoteBody = {
  title: 'Roof replacement',
  options: [{ name: 'Good' }, { name: 'Better' }],
  items: [
    { section: 'Preparation', name: 'Tear-off and disposal', quantity: 24, unit: 'sq', unit_price_cents: 4500, taxable: false },
    { section: 'Roofing', name: '3-tab shingles', quantity: 24, unit: 'sq', unit_price_cents: 9500, option: 0 },
    { section: 'Roofing', name: 'Architectural shingles', quantity: 24, unit: 'sq', unit_price_cents: 12500, option: 1 },
    { section: 'Extras', name: 'Seamless gutters', quantity: 120, unit: 'ft', unit_price_cents: 900, optional: true },
    { section: 'Extras', name: 'Skylight', quantity: 1, unit: 'ea', unit_price_cents: 90000, optional: true },
  ],
  tax_rate_percent: 8.25,
  deposit: { type: 'amount', cents: 100000 },
  expires_on: inDays(10),
  terms: 'Balance due on completion.',
};

const pdfText = async (bytes: Buffer) => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text, totalPages } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { text, totalPages };
};

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { email: 'alice@ridgeline.example', workspaceName: 'Ridge Line Roofing' });
  eve = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Roof replacement' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
});
afterAll(() => ctx.close());

describe('the signed PDF', () => {
  it('is stored on the job with the chosen items, the totals, the signature and the audit trail; the contractor is emailed', async () => {
    const quote = QuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/quotes`, headers: alice.headers, payload: BODY })).json());
    const sent = SentQuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/send`, headers: alice.headers, payload: { contact_id: maria, methods: ['email'] } })).json());
    const token = sent.link.slice(sent.link.lastIndexOf('/') + 1);
    const page = PublicQuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` })).json());
    const gutters = page.items.find((i) => i.name === 'Seamless gutters')!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/quotes/${token}/approve`,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) TestPhone' },
      payload: { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 1, optional_item_ids: [gutters.id], content_fingerprint: page.content_fingerprint },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.db.delete(outboxMessages);

    // Drive hears of it like any document (features/drive listens; here a listener of our own).
    const heard: AddedItem[] = [];
    const stopListening = onItemAdded(ctx.db, async (item) => void heard.push(item));
    const started = performance.now();
    const worker = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: 'http://localhost:3000', log: (m, e) => console.error(m, e) });
    expect(await worker.drain()).toBe(1);
    worker.stop();
    const elapsed = performance.now() - started;

    stopListening();
    expect(heard).toEqual([expect.objectContaining({ kind: 'document', userId: alice.id, jobId, mimeType: 'application/pdf' })]);
    const [approval] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    expect(approval).toMatchObject({ pdfStatus: 'done', documentId: approval!.id });
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, approval!.documentId!));
    expect(doc).toMatchObject({ jobId, status: 'created', documentType: 'contract', mimeType: 'application/pdf', createdBy: alice.id });

    // The contractor opens it through the documents feature; another workspace cannot.
    const file = await ctx.app.inject({ method: 'GET', url: `/api/documents/${doc!.id}/content`, headers: alice.headers });
    expect(file.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/documents/${doc!.id}/content`, headers: eve.headers })).statusCode).toBe(404);
    const { text, totalPages } = await pdfText(file.rawPayload);
    expect(totalPages).toBeGreaterThanOrEqual(2);
    // As approved: Better and the ticked gutters, not Good nor the skylight.
    expect(text).toContain('Architectural shingles');
    expect(text).toContain('Seamless gutters');
    expect(text).not.toContain('3-tab shingles');
    expect(text).not.toContain('Skylight');
    expect(text).toContain('Option chosen: Better');
    // 1080 + 3000 + 1080 = 5160.00; tax 8.25 % of 4080 = 336.60; total 5496.60; deposit 1000.00.
    const totals = approval!.totals;
    expect(totals).toMatchObject({ subtotal_cents: 516_000, tax_cents: 33_660, total_cents: 549_660, deposit_cents: 100_000, balance_cents: 449_660 });
    for (const s of ['$5,160.00', '$336.60', '$5,496.60', '$1,000.00', '$4,496.60']) expect(text).toContain(s);
    // The audit trail.
    expect(text).toContain('Audit trail');
    expect(text).toContain('Maria Garcia');
    expect(text).toContain('127.0.0.1');
    expect(text).toContain('TestPhone');
    expect(text).toContain(approval!.approvedAt.toISOString());
    expect(text.replace(/\s/g, '')).toContain(approval!.fingerprint);

    // The contractor is told by email, with the PDF attached.
    const mail = await ctx.db.select().from(outboxMessages);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: 'alice@ridgeline.example' });
    expect(JSON.stringify(mail[0])).toContain('approved by Maria Garcia: $5,496.60');

    // The contractor's quote names the document; a second drain adds nothing.
    expect(QuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: alice.headers })).json()).approval?.document_id).toBe(doc!.id);
    const again = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: 'http://localhost:3000' });
    expect(await again.drain()).toBe(0);
    again.stop();
    console.info(`signed PDF: ${Math.round(elapsed)} ms, ${file.rawPayload.length} bytes`);
  });

  it('an author who turned email notifications off gets no email; the signed PDF is on the job all the same', async () => {
    const off = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: alice.headers, payload: { email_notifications: false } });
    expect(off.statusCode, off.body).toBe(200);
    const quote = QuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/quotes`, headers: alice.headers, payload: BODY })).json());
    const sent = SentQuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/send`, headers: alice.headers, payload: { contact_id: maria, methods: ['email'] } })).json());
    const token = sent.link.slice(sent.link.lastIndexOf('/') + 1);
    const page = PublicQuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` })).json());
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/quotes/${token}/approve`,
      payload: { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.db.delete(outboxMessages);

    const worker = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: 'http://localhost:3000' });
    expect(await worker.drain()).toBe(1);
    worker.stop();
    const [approval] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    expect(approval).toMatchObject({ pdfStatus: 'done', documentId: approval!.id });
    expect(await ctx.db.select().from(documents).where(eq(documents.id, approval!.id))).toHaveLength(1);
    expect(await ctx.db.select().from(outboxMessages)).toEqual([]);
  });
});
