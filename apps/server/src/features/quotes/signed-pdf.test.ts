import { PublicQuoteSchema, QuoteSchema, SentQuoteSchema, type QuoteBody } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, jobs, outboxMessages, quoteApprovals, quotes, workspaces } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { onItemAdded, type AddedItem } from '../../platform/item-events';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { absurdSizePng, corruptDeflatePng, signaturePng } from './quotes.test-helpers';
import { quoteLink } from './quote-link';
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

/** A quote of `job` created, sent, opened and approved (option 0) by the homeowner (`signerName`); its approval row. */
async function approvedQuote(job = jobId, signerName = 'Maria Garcia') {
  const quote = QuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/jobs/${job}/quotes`, headers: alice.headers, payload: BODY })).json());
  const sent = SentQuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/send`, headers: alice.headers, payload: { contact_id: maria, methods: ['email'] } })).json());
  const token = sent.link.slice(sent.link.lastIndexOf('/') + 1);
  const page = PublicQuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` })).json());
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/public/quotes/${token}/approve`,
    payload: { signer_name: signerName, signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [approval] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
  return { quote, approval: approval!, token };
}

const drainPdfs = async () => {
  const worker = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: 'http://localhost:3000' });
  const handled = await worker.drain();
  worker.stop();
  return handled;
};

describe('the signed PDF', () => {
  it('is stored on the job with the chosen items, the totals, the signature and the audit trail; the contractor is emailed', async () => {
    const quote = QuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/quotes`, headers: alice.headers, payload: BODY })).json());
    await ctx.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/send`, headers: alice.headers, payload: { contact_id: maria, methods: ['email'] } });
    // Sent a while ago, then again (Send Again): the audit trail shows both times (issue 32 item 6).
    await ctx.db.update(quotes).set({ firstSentAt: new Date('2026-01-02T03:04:05Z'), sentAt: new Date('2026-01-02T03:04:05Z') }).where(eq(quotes.id, quote.id));
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
    expect(text).toMatch(/First sent\s*2026-01-02T03:04:05\.000Z/);
    expect(text).toMatch(new RegExp(`Last sent\\s*${sent.quote.sent_at!.replace(/\./g, '\\.')}`));
    expect(text.replace(/\s/g, '')).toContain(approval!.fingerprint);

    // The contractor is told by email, with the PDF attached; the client gets their copy at the address the quote was
    // emailed to (issue 32 item 9), with the same PDF attached.
    const mail = await ctx.db.select().from(outboxMessages);
    expect(mail.map((m) => m.recipient).sort()).toEqual(['alice@ridgeline.example', 'maria@example.com']);
    const attached = [{ file_name: `Quote ${quote.number} signed.pdf`, content_type: 'application/pdf', blob_key: `documents/${alice.workspaceId}/${doc!.id}`, size: file.rawPayload.length }];
    const toAuthor = mail.find((m) => m.recipient === 'alice@ridgeline.example')!;
    expect(JSON.stringify(toAuthor)).toContain('approved by Maria Garcia: $5,496.60');
    expect(toAuthor.attachments).toEqual(attached);
    const toClient = mail.find((m) => m.recipient === 'maria@example.com')!;
    expect(toClient).toMatchObject({ channel: 'email', subject: `Your signed quote ${quote.number} from Ridge Line Roofing` });
    expect(toClient.body).toContain('Your signed copy is attached.');
    expect(toClient.attachments).toEqual(attached);
    const blob = await ctx.blobs.get(attached[0]!.blob_key);
    expect(blob).not.toBeNull();

    // The contractor's quote names the document; a second drain adds nothing.
    expect(QuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: alice.headers })).json()).approval?.document_id).toBe(doc!.id);
    const again = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: 'http://localhost:3000' });
    expect(await again.drain()).toBe(0);
    again.stop();
    console.info(`signed PDF: ${Math.round(elapsed)} ms, ${file.rawPayload.length} bytes`);
  });

  it('an author who turned email notifications off gets no email; the signed PDF is on the job all the same (the client still gets their copy)', async () => {
    const off = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: alice.headers, payload: { email_notifications: false } });
    expect(off.statusCode, off.body).toBe(200);
    const { quote } = await approvedQuote();
    await ctx.db.delete(outboxMessages);

    const worker = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: 'http://localhost:3000' });
    expect(await worker.drain()).toBe(1);
    worker.stop();
    const [approval] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    expect(approval).toMatchObject({ pdfStatus: 'done', documentId: approval!.id });
    expect(await ctx.db.select().from(documents).where(eq(documents.id, approval!.id))).toHaveLength(1);
    expect((await ctx.db.select().from(outboxMessages)).map((m) => [m.recipient, m.subject])).toEqual([['maria@example.com', `Your signed quote ${quote.number} from Ridge Line Roofing`]]);
  });

  it('a quote sent by SMS only has no address for the client’s copy: only the contractor is emailed', async () => {
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: alice.headers, payload: { email_notifications: true } })).statusCode).toBe(200);
    const quote = QuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/quotes`, headers: alice.headers, payload: BODY })).json());
    const sent = SentQuoteSchema.parse((await ctx.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/send`, headers: alice.headers, payload: { contact_id: maria, methods: ['sms'] } })).json());
    const token = sent.link.slice(sent.link.lastIndexOf('/') + 1);
    const page = PublicQuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` })).json());
    const res = await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${token}/approve`, payload: { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint } });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.db.delete(outboxMessages);
    expect(await drainPdfs()).toBe(1);
    expect((await ctx.db.select().from(outboxMessages)).map((m) => m.recipient)).toEqual(['alice@ridgeline.example']);
  });

  it('is written from what was approved: the company renamed and the job edited afterwards change nothing in it', async () => {
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: alice.headers, payload: { email_notifications: true } })).statusCode).toBe(200);
    const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Roof replacement' });
    const { approval } = await approvedQuote(job.id);
    const [company] = await ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, alice.workspaceId!));
    await ctx.db.update(workspaces).set({ name: 'Renamed Roofing LLC' }).where(eq(workspaces.id, alice.workspaceId!));
    await ctx.db.update(jobs).set({ clientName: 'Someone Else', propertyAddress: '99 Elm Road, Dallas TX', title: 'Kitchen remodel' }).where(eq(jobs.id, job.id));
    await ctx.db.delete(outboxMessages);
    try {
      expect(await drainPdfs()).toBe(1);
    } finally {
      await ctx.db.update(workspaces).set({ name: company!.name }).where(eq(workspaces.id, alice.workspaceId!));
    }
    const [done] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.id, approval.id));
    expect(done).toMatchObject({ pdfStatus: 'done' });
    const file = await ctx.app.inject({ method: 'GET', url: `/api/documents/${done!.documentId}/content`, headers: alice.headers });
    const { text } = await pdfText(file.rawPayload);
    for (const approved of ['Ridge Line Roofing', 'Client: Maria Garcia', 'Property: 12 Oak Street, Austin TX', 'Job: Roof replacement']) expect(text).toContain(approved);
    for (const later of ['Renamed Roofing', 'Someone Else', '99 Elm Road', 'Kitchen remodel']) expect(text).not.toContain(later);
    // The document's fields and the contractor's email say the same.
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, done!.documentId!));
    expect(doc!.metadata).toMatchObject({ extracted_data: { client_name: 'Maria Garcia', property_address: '12 Oak Street, Austin TX' } });
    const mail = await ctx.db.select().from(outboxMessages);
    expect(JSON.stringify(mail)).toContain('12 Oak Street, Austin TX');
    expect(JSON.stringify(mail)).not.toContain('99 Elm Road');
  });

  it('prints names in any script (issue 32 item 10): a Polish company, a Vietnamese signer, Greek and Cyrillic on the job', async () => {
    const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Дмитрий Иванов', propertyAddress: 'Οδός Αθηνάς 12', title: 'Roof replacement' });
    const [company] = await ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, alice.workspaceId!));
    // The company's name as it is when the homeowner sees and approves the quote (the PDF is written from that).
    await ctx.db.update(workspaces).set({ name: 'Łukasz Żółć Dachy' }).where(eq(workspaces.id, alice.workspaceId!));
    let approval;
    try {
      ({ approval } = await approvedQuote(job.id, 'Nguyễn Thị Hương'));
      expect(await drainPdfs()).toBe(1);
    } finally {
      await ctx.db.update(workspaces).set({ name: company!.name }).where(eq(workspaces.id, alice.workspaceId!));
    }
    const [done] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.id, approval!.id));
    const file = await ctx.app.inject({ method: 'GET', url: `/api/documents/${done!.documentId}/content`, headers: alice.headers });
    const { text } = await pdfText(file.rawPayload);
    for (const name of ['Łukasz Żółć Dachy', 'Nguyễn Thị Hương', 'Дмитрий Иванов', 'Οδός Αθηνάς 12']) expect(text).toContain(name);
    expect(file.rawPayload.toString('latin1')).not.toMatch(/\/BaseFont \/(Helvetica|Courier)/);
  });

  it('the homeowner downloads it through the quote’s link once it exists — also after the quote expired (issue 32 item 4)', async () => {
    const { quote, approval, token } = await approvedQuote();
    const download = (t: string) => ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${t}/signed-pdf` });
    expect((await download(token)).statusCode).toBe(404);
    expect(PublicQuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` })).json()).signed_pdf_ready).toBe(false);
    expect(await drainPdfs()).toBe(1);

    await ctx.db.update(quotes).set({ expiresOn: '2020-01-01', expiresAt: new Date('2020-01-02T00:00:00Z') }).where(eq(quotes.id, quote.id));
    const expired = quoteLink(ctx.signer, 'x', { id: quote.id, expiresAt: new Date('2020-01-02T00:00:00Z') }, new Date('2019-12-30T00:00:00Z'));
    const expiredToken = expired.slice(expired.lastIndexOf('/') + 1);
    expect(PublicQuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${expiredToken}` })).json())).toMatchObject({ status: 'approved', signed_pdf_ready: true });
    const res = await download(expiredToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="Quote ${quote.number} signed.pdf"`);
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/documents/${approval.id}/content`, headers: alice.headers });
    expect(res.rawPayload.equals(stored.rawPayload)).toBe(true);
    // A forged link gets nothing.
    expect((await download(`${quote.id}.1999999999.${'A'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('deleted from the job, the quote says so and makes it again through the same job, on request — no second email (issue 32 item 8)', async () => {
    const { quote, approval } = await approvedQuote();
    const getQuote = async () => QuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: alice.headers })).json());
    const remake = () => ctx.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/signed-pdf`, headers: alice.headers });
    expect((await getQuote()).approval).toMatchObject({ pdf_status: 'pending', document_id: null });
    expect(await drainPdfs()).toBe(1);
    expect((await getQuote()).approval).toMatchObject({ pdf_status: 'done', document_id: approval.id });
    expect((await remake()).statusCode).toBe(409); // it is there: nothing to make
    await ctx.db.delete(outboxMessages);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${approval.id}`, headers: alice.headers })).statusCode).toBe(200);
    // Before: document_id null and nothing else said, so the app showed "being prepared…" for ever.
    expect((await getQuote()).approval).toMatchObject({ pdf_status: 'deleted', document_id: null });
    // Another workspace cannot ask for it.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/signed-pdf`, headers: eve.headers })).statusCode).toBe(404);
    const res = await remake();
    expect(res.statusCode, res.body).toBe(200);
    expect(QuoteSchema.parse(res.json()).approval).toMatchObject({ pdf_status: 'pending', document_id: null });
    expect(await drainPdfs()).toBe(1);
    const again = (await getQuote()).approval!;
    expect(again).toMatchObject({ pdf_status: 'done', document_id: approval.id });
    const file = await ctx.app.inject({ method: 'GET', url: `/api/documents/${again.document_id}/content`, headers: alice.headers });
    expect((await pdfText(file.rawPayload)).text).toContain('Audit trail');
    // The contractor was told with the first PDF; the one made again emails nobody.
    expect(await ctx.db.select().from(outboxMessages)).toEqual([]);
  });

  it('a signature image no decoder can read, found in an approval row, fails the job cleanly: given up with the reason, nothing stored, the process goes on', async () => {
    // Rows approved before the image was checked in a bounded child (issue 32) may hold anything the client sent.
    const corrupt = await approvedQuote();
    const absurd = await approvedQuote();
    await ctx.db.update(quoteApprovals).set({ signaturePng: corruptDeflatePng().toString('base64') }).where(eq(quoteApprovals.id, corrupt.approval.id));
    await ctx.db.update(quoteApprovals).set({ signaturePng: absurdSizePng().toString('base64') }).where(eq(quoteApprovals.id, absurd.approval.id));
    // Before, pdfkit inflated them in the job's process and threw in its callback: the process ended (and the drain never answered).
    expect(await drainPdfs()).toBe(2);
    for (const { approval } of [corrupt, absurd]) {
      const [row] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.id, approval.id));
      expect(row).toMatchObject({ pdfStatus: 'failed', attempts: 1, lockedUntil: null, documentId: null });
      expect(row!.pdfError).toMatch(/signature/i);
      expect(await ctx.db.select().from(documents).where(eq(documents.id, approval.id))).toEqual([]);
    }
    // The process is still here: a good approval's PDF is written after them.
    await approvedQuote();
    expect(await drainPdfs()).toBe(1);
  });

  it('an approval whose every attempt took its process down is given up when claimed, never worked on again', async () => {
    const { approval } = await approvedQuote();
    await ctx.db.update(quoteApprovals).set({ attempts: 5 }).where(eq(quoteApprovals.id, approval.id));
    expect(await drainPdfs()).toBe(0);
    const [row] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.id, approval.id));
    expect(row).toMatchObject({ pdfStatus: 'failed', pdfError: 'Signed PDF stopped: 5 attempts ended without a result', documentId: null });
  });
});
