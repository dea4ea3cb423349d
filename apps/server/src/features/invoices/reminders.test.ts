import { InvoiceSchema, localDate, nextAllowedInstant, SentInvoiceSchema, type InvoiceReminderSettings } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, invoiceSends, outboxMessages, workspaces } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { clientOptOuts } from '../client-messages';
import { nextReminderAt, startInvoiceReminderWorker } from './reminders';

const NY = 'America/New_York';
const on = (settings: Partial<InvoiceReminderSettings> = {}): InvoiceReminderSettings => ({ enabled: true, first_after_days: 3, second_after_days: 5, ...settings });

describe('when a reminder is due (pure, the workspace’s clock)', () => {
  // 2027-03-14: New York springs forward (EST −5 → EDT −4) at 02:00.
  it('the morning of the day N days after the due day, at 08:00 local on either side of the change', () => {
    const before = nextReminderAt({ dueOn: '2027-03-10', remindersSent: 0, lastReminderAt: null, settings: on(), zone: NY, now: new Date('2027-03-11T00:00:00Z') });
    expect(before?.toISOString()).toBe('2027-03-13T13:00:00.000Z'); // Saturday 08:00 EST
    const after = nextReminderAt({ dueOn: '2027-03-10', remindersSent: 1, lastReminderAt: new Date('2027-03-13T13:00:00Z'), settings: on(), zone: NY, now: new Date('2027-03-13T13:00:00Z') });
    expect(after?.toISOString()).toBe('2027-03-15T12:00:00.000Z'); // Monday 08:00 EDT
    // In the autumn the same hour is later in UTC again (2027-11-07, EDT → EST).
    expect(nextReminderAt({ dueOn: '2027-11-04', remindersSent: 0, lastReminderAt: null, settings: on(), zone: NY, now: new Date('2027-11-05T00:00:00Z') })?.toISOString()).toBe('2027-11-07T13:00:00.000Z');
  });

  it('never in the night: 20:00–08:00 local moves to the next 08:00; the allowed hours are kept as they are', () => {
    expect(nextAllowedInstant(new Date('2027-03-16T00:30:00Z'), NY).toISOString()).toBe('2027-03-16T12:00:00.000Z'); // 20:30 EDT → next 08:00
    expect(nextAllowedInstant(new Date('2027-03-14T06:30:00Z'), NY).toISOString()).toBe('2027-03-14T12:00:00.000Z'); // 01:30 EST → 08:00 EDT the same day
    expect(nextAllowedInstant(new Date('2027-03-15T12:30:00Z'), NY).toISOString()).toBe('2027-03-15T12:30:00.000Z'); // 08:30 EDT
    expect(nextAllowedInstant(new Date('2027-03-15T23:59:00Z'), NY).toISOString()).toBe('2027-03-15T23:59:00.000Z'); // 19:59 EDT
  });

  it('none when off or after two; late settings keep the gap between the two', () => {
    const base = { dueOn: '2027-03-10', lastReminderAt: null, zone: NY, now: new Date('2027-03-11T00:00:00Z') };
    expect(nextReminderAt({ ...base, remindersSent: 0, settings: on({ enabled: false }) })).toBeNull();
    expect(nextReminderAt({ ...base, remindersSent: 2, settings: on() })).toBeNull();
    // The first went out a month late: the second is the gap (2 days) after it, not at once.
    const late = new Date('2027-04-10T14:00:00Z');
    expect(nextReminderAt({ ...base, remindersSent: 1, lastReminderAt: late, settings: on(), now: late })?.toISOString()).toBe('2027-04-12T12:00:00.000Z');
  });
});

describe('the reminder job (a fixed clock through New York’s daylight-saving week)', () => {
  // The job's clock only: the API runs on the real one (sessions would expire on a clock months ahead). Invoices are
  // sent today, due on a custom day in March 2027.
  let clock = new Date('2027-03-10T15:00:00Z');
  let ctx: TestContext;
  let alice: TestUser;
  let jobId: string;
  let contact: string;
  // The opt-outs as main.ts hands them in (features/client-messages).
  const worker = () => startInvoiceReminderWorker({ db: ctx.db, signer: ctx.signer, publicUrl: 'http://localhost:3000', now: () => clock, optOuts: clientOptOuts });
  /** The runner claims rows due by the database's own clock: make the row due now, whatever the test's clock says. */
  const wake = (id: string) => ctx.db.update(invoices).set({ reminderDueAt: new Date('2020-01-01T00:00:00Z') }).where(eq(invoices.id, id));
  const row = async (id: string) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const reminders = (id: string) => ctx.db.select().from(invoiceSends).where(eq(invoiceSends.invoiceId, id));
  const outbox = () => ctx.db.select().from(outboxMessages);

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createTestUser(ctx, { workspaceName: 'Harbor Painting' });
    await ctx.db.update(workspaces).set({ timeZone: NY }).where(eq(workspaces.id, alice.workspaceId!));
    jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId! })).id;
    contact = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Ana Ruiz', phoneNumber: '2125550148', email: 'ana@example.com' })).id;
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/invoice-reminder-settings', headers: alice.headers, payload: on() });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => ctx.close());

  async function sentInvoice(dueOn: string): Promise<string> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/invoices`,
      headers: alice.headers,
      payload: { title: 'Exterior paint', items: [{ name: 'Paint', quantity: 1, unit: 'job', unit_price_cents: 120_000 }], payment_terms: 'custom', due_on: dueOn },
    });
    const { id } = InvoiceSchema.parse(created.json());
    const sent = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${id}/send`, headers: alice.headers, payload: { contact_id: contact, methods: ['sms', 'email'] } });
    expect(SentInvoiceSchema.parse(sent.json()).invoice.status).toBe('sent');
    return id;
  }

  it('two reminders, each at 08:00 or later on New York’s clock across the change, none in the night, never a third', async () => {
    clock = new Date('2027-03-10T15:00:00Z');
    const id = await sentInvoice('2027-03-10');
    await ctx.db.delete(outboxMessages);

    // Sent: the job looks and schedules the first for Saturday 08:00 EST.
    await wake(id);
    await worker().drain();
    expect(await row(id)).toMatchObject({ reminderStatus: 'scheduled', remindersSent: 0, reminderDueAt: new Date('2027-03-13T13:00:00Z') });
    expect(await outbox()).toEqual([]);

    // Saturday 07:30 EST: still night for the client.
    clock = new Date('2027-03-13T12:30:00Z');
    await wake(id);
    await worker().drain();
    expect(await outbox()).toEqual([]);
    expect((await row(id)).reminderDueAt).toEqual(new Date('2027-03-13T13:00:00Z'));

    // 08:00 EST: the first, by text and email, recorded; the second scheduled for Monday 08:00 EDT (12:00 UTC).
    clock = new Date('2027-03-13T13:00:00Z');
    await wake(id);
    await worker().drain();
    const first = await outbox();
    expect(first.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(first.find((m) => m.channel === 'sms')?.body).toMatch(/^Harbor Painting: a reminder that invoice INV-\d+ was due 2027-03-10\. Balance due: \$1,200\.00\. View it: http:\/\/localhost:3000\/i\//);
    expect(first.find((m) => m.channel === 'email')?.subject).toMatch(/^Reminder: invoice INV-\d+ from Harbor Painting is overdue$/);
    expect((await reminders(id)).filter((s) => s.kind === 'reminder').map((s) => [s.reminder, s.method])).toEqual([
      [1, 'sms'],
      [1, 'email'],
    ]);
    expect(await row(id)).toMatchObject({ remindersSent: 1, reminderStatus: 'scheduled', reminderDueAt: new Date('2027-03-15T12:00:00Z') });

    // Monday 07:30 EDT (which would be 08:30 if the clocks had not changed): not yet.
    await ctx.db.delete(outboxMessages);
    clock = new Date('2027-03-15T11:30:00Z');
    await wake(id);
    await worker().drain();
    expect(await outbox()).toEqual([]);

    // Monday 08:30 EDT: the second, and nothing is scheduled after it.
    clock = new Date('2027-03-15T12:30:00Z');
    await wake(id);
    await worker().drain();
    expect((await outbox()).length).toBe(2);
    expect(await row(id)).toMatchObject({ remindersSent: 2, reminderStatus: 'none', reminderDueAt: null });

    // Woken by force later: no third.
    await ctx.db.delete(outboxMessages);
    clock = new Date('2027-03-30T14:00:00Z');
    await ctx.db.update(invoices).set({ reminderStatus: 'scheduled' }).where(eq(invoices.id, id));
    await wake(id);
    await worker().drain();
    expect(await outbox()).toEqual([]);
    expect((await reminders(id)).filter((s) => s.kind === 'reminder').map((s) => s.reminder)).toEqual([1, 1, 2, 2]);
    expect((await row(id)).reminderStatus).toBe('none');
  });

  it('an evening past 20:00 local waits for the morning', async () => {
    clock = new Date('2027-03-20T15:00:00Z');
    const id = await sentInvoice('2027-03-20');
    await ctx.db.delete(outboxMessages);
    // 2027-03-23 20:30 EDT: the first is due (3 days after), but it is night for the client.
    clock = new Date('2027-03-24T00:30:00Z');
    await wake(id);
    await worker().drain();
    expect(await outbox()).toEqual([]);
    expect((await row(id)).reminderDueAt).toEqual(new Date('2027-03-24T12:00:00Z'));
  });

  it('a refund that reopens the balance of a paid invoice brings its reminders back', async () => {
    clock = new Date('2027-05-01T15:00:00Z');
    const id = await sentInvoice('2027-05-01');
    const today = localDate(new Date(), NY);
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${id}/payments`, headers: alice.headers, payload: { method: 'cash', amount_cents: 120_000, received_on: today } });
    expect(paid.statusCode, paid.body).toBe(201);
    clock = new Date('2027-05-04T14:00:00Z'); // 10:00 EDT, 3 days after the due day
    await wake(id);
    await worker().drain();
    expect(await row(id)).toMatchObject({ reminderStatus: 'none', remindersSent: 0 });
    await ctx.db.delete(outboxMessages);
    const refund = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${id}/payments`, headers: alice.headers, payload: { kind: 'refund', method: 'cash', amount_cents: 50_000, received_on: today } });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await row(id)).reminderStatus).toBe('scheduled');
    await wake(id);
    await worker().drain();
    expect((await outbox()).find((m) => m.channel === 'sms')?.body).toContain('Balance due: $500.00');
    expect(await row(id)).toMatchObject({ remindersSent: 1, reminderStatus: 'scheduled' });
  });

  it('paid in full, or reminders switched off: nothing is sent and nothing stays scheduled', async () => {
    clock = new Date('2027-04-01T15:00:00Z');
    const paid = await sentInvoice('2027-04-01');
    const pay = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${paid}/payments`, headers: alice.headers, payload: { method: 'cash', amount_cents: 120_000, received_on: localDate(new Date(), NY) } });
    expect(pay.statusCode, pay.body).toBe(201);
    await ctx.db.delete(outboxMessages);
    clock = new Date('2027-04-05T14:00:00Z');
    await wake(paid);
    await worker().drain();
    expect(await row(paid)).toMatchObject({ reminderStatus: 'none', remindersSent: 0 });
    const open = await sentInvoice('2027-04-01');
    await ctx.db.delete(outboxMessages);
    // Switched off: saving wakes every open invoice, which the job then drops.
    const off = await ctx.app.inject({ method: 'PUT', url: '/api/invoice-reminder-settings', headers: alice.headers, payload: on({ enabled: false }) });
    expect(off.statusCode).toBe(200);
    await wake(open);
    await worker().drain();
    expect(await row(open)).toMatchObject({ reminderStatus: 'none', remindersSent: 0 });
    expect(await outbox()).toEqual([]);
  });

  it('never to an address the client opted out of: texted STOP, only the email goes; both stopped, nothing and no third try', async () => {
    // On again (the test before switched them off).
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/invoice-reminder-settings', headers: alice.headers, payload: on() })).statusCode).toBe(200);
    clock = new Date('2027-05-03T14:00:00Z');
    const id = await sentInvoice('2027-05-03');
    const stopSms = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${contact}/message-opt-out`, headers: alice.headers, payload: { sms: true } });
    expect(stopSms.statusCode, stopSms.body).toBe(200);
    await ctx.db.delete(outboxMessages);
    clock = new Date('2027-05-06T14:00:00Z'); // 10:00 EDT, the first is due
    await wake(id);
    await worker().drain();
    // (Switching reminders on woke the earlier tests' open invoices too: no text to this client went for any of them.)
    expect((await outbox()).filter((m) => m.channel === 'sms')).toEqual([]);
    expect((await reminders(id)).filter((s) => s.kind === 'reminder').map((s) => s.method)).toEqual(['email']);

    const stopEmail = await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${contact}/message-opt-out`, headers: alice.headers, payload: { email: true } });
    expect(stopEmail.statusCode, stopEmail.body).toBe(200);
    await ctx.db.delete(outboxMessages);
    clock = new Date('2027-05-08T14:00:00Z'); // the second is due
    await wake(id);
    await worker().drain();
    expect(await outbox()).toEqual([]);
    expect(await row(id)).toMatchObject({ remindersSent: 2, reminderStatus: 'none' });
    expect((await reminders(id)).filter((s) => s.kind === 'reminder').map((s) => s.method)).toEqual(['email']);
    // Opted back in for the next invoice's sake; this one is done.
    await ctx.app.inject({ method: 'PUT', url: `/api/contacts/${contact}/message-opt-out`, headers: alice.headers, payload: { sms: false, email: false } });
  });
});
