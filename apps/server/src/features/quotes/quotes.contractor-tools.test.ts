import { PublicQuoteSchema, QuoteClientLinkSchema, QuoteSchema, SentQuoteSchema, type QuoteBody } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

/** The contractor's tools around a quote (issue 32 item 9): copy the client link, and the rest below. */

let ctx: TestContext;
let alice: TestUser; // the job's workspace
let bob: TestUser; // another member of it
let eve: TestUser; // another workspace
let jobId: string;
let maria: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const BODY: QuoteBody = {
  title: 'Roof replacement',
  options: [{ name: 'Good' }, { name: 'Better' }],
  items: [
    { section: 'Preparation', name: 'Tear-off and disposal', quantity: 24, unit: 'sq', unit_price_cents: 4500, taxable: false },
    { section: 'Roofing', name: '3-tab shingles', quantity: 24, unit: 'sq', unit_price_cents: 9500, option: 0 },
    { section: 'Roofing', name: 'Architectural shingles', quantity: 24, unit: 'sq', unit_price_cents: 12500, option: 1 },
    { section: 'Extras', name: 'Seamless gutters', quantity: 120, unit: 'ft', unit_price_cents: 900, optional: true },
  ],
  tax_rate_percent: 8.25,
  deposit: { type: 'amount', cents: 100000 },
  expires_on: inDays(10),
  terms: 'Balance due on completion.',
};

const api = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (job = jobId) => QuoteSchema.parse((await api(alice, 'POST', `/api/jobs/${job}/quotes`, BODY)).json());
const send = async (id: string) => SentQuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${id}/send`, { contact_id: maria, methods: ['email'] })).json());
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Roof replacement' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
});
afterAll(() => ctx.close());

describe('Copy Client Link: GET /api/quotes/:id/client-link', () => {
  it('gives workspace members a fresh link that opens the sent quote; a draft, an expired or a withdrawn quote has none; another workspace 404', async () => {
    const draft = await create();
    const link = (user: TestUser | null, id: string) => api(user, 'GET', `/api/quotes/${id}/client-link`);
    expect((await link(null, draft.id)).statusCode).toBe(401);
    expect((await link(alice, draft.id)).statusCode).toBe(409);

    await send(draft.id);
    expect((await link(eve, draft.id)).statusCode).toBe(404);
    const res = await link(bob, draft.id);
    expect(res.statusCode, res.body).toBe(200);
    const copied = QuoteClientLinkSchema.parse(res.json());
    expect(copied).toMatchObject({ link: expect.stringMatching(/\/q\/[^/]+$/), expires_on: BODY.expires_on });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${tokenOf(copied.link)}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(PublicQuoteSchema.parse(page.json())).toMatchObject({ id: draft.id, status: 'sent' });

    // Past its expiry: no link to hand out.
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, draft.id));
    await ctx.db.update(quotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(quotes.id, draft.id));
    expect((await link(alice, draft.id)).statusCode).toBe(409);
    await ctx.db.update(quotes).set({ expiresAt: row!.expiresAt }).where(eq(quotes.id, draft.id));
    // Withdrawn: none either.
    expect((await api(alice, 'POST', `/api/quotes/${draft.id}/withdraw`)).statusCode).toBe(200);
    expect((await link(alice, draft.id)).statusCode).toBe(409);
  });
});
