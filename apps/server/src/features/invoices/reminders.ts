import {
  DEFAULT_REMINDER_SETTINGS,
  formatCents,
  MAX_INVOICE_REMINDERS,
  REMINDER_QUIET_HOURS,
  REMINDER_SETTINGS_ADMIN_ONLY,
  localDate,
  nextAllowedInstant,
  wallTimeToInstant,
  type InvoiceReminderSettings,
} from '@fieldbook/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { enqueueMail, enqueueSms } from '../../platform/mail';
import type { ClientHubLinks, ClientOptOuts } from '../../platform/client-links';
import type { TokenSigner } from '../../platform/tokens';
import { workspaceAdminIds, workspaceTimeZone } from '../workspaces';
import { invoiceLink, invoiceParties } from './invoice-sending';
import { invoiceReminderSettings, invoices, invoiceSends } from './invoices.schema';
import { addDays, answer, type InvoiceRow } from './invoices.service';

/**
 * Overdue reminders (issue 33): at most two per invoice, each a number of days after its due day (the workspace's
 * settings), sent to the addresses the invoice was last sent to, and never in the client's night — only between
 * REMINDER_QUIET_HOURS.from and .until on the workspace's clock (its IANA zone, daylight saving included). The invoice
 * row is the job (platform/jobs.ts): `reminder_due_at` is when the job next looks at it; the job works out the right
 * moment itself each time (settings, payments and the zone may have changed since), so anything that could change it
 * only has to wake the row (reminder_due_at = now).
 */

// ---- When ------------------------------------------------------------------------------------------------------------

function wallOf(isoDate: string, hour: number) {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return { year, month, day, hour, minute: 0, second: 0 };
}

/**
 * When reminder number `remindersSent + 1` is due, or null when none is to come: the morning (the allowed hours'
 * start) of the day `days` after the due day, on the zone's clock; never before now, and moved out of the night; the
 * second also on or after the day the settings' gap puts it after the first actually went out.
 */
export function nextReminderAt(o: { dueOn: string; remindersSent: number; lastReminderAt: Date | null; settings: InvoiceReminderSettings; zone: string; now: Date }): Date | null {
  if (!o.settings.enabled || o.remindersSent >= MAX_INVOICE_REMINDERS) return null;
  const days = o.remindersSent === 0 ? o.settings.first_after_days : o.settings.second_after_days;
  let day = addDays(o.dueOn, days);
  // The second keeps the settings' gap (in days on the zone's calendar) after the first, however late that went out.
  if (o.remindersSent > 0 && o.lastReminderAt) {
    const gapDay = addDays(localDate(o.lastReminderAt, o.zone), o.settings.second_after_days - o.settings.first_after_days);
    if (gapDay > day) day = gapDay;
  }
  const at = wallTimeToInstant(wallOf(day, REMINDER_QUIET_HOURS.from), o.zone);
  return nextAllowedInstant(at > o.now ? at : o.now, o.zone);
}

// ---- Settings --------------------------------------------------------------------------------------------------------

export async function readReminderSettings(db: Db, workspaceId: string): Promise<InvoiceReminderSettings> {
  const [row] = await db.select().from(invoiceReminderSettings).where(eq(invoiceReminderSettings.workspaceId, workspaceId)).limit(1);
  return row ? { enabled: row.enabled, first_after_days: row.firstAfterDays, second_after_days: row.secondAfterDays } : DEFAULT_REMINDER_SETTINGS;
}

export async function getReminderSettings(opts: { db: Db; actor: Actor }): Promise<InvoiceReminderSettings> {
  return readReminderSettings(opts.db, requireWorkspace(opts.actor));
}

/**
 * Saves the workspace's settings (its admins only) and wakes every invoice that may still get a reminder, so each is
 * rescheduled — or dropped — by the new settings at once.
 */
export async function updateReminderSettings(opts: { db: Db; actor: Actor; body: InvoiceReminderSettings }): Promise<InvoiceReminderSettings> {
  const workspaceId = requireWorkspace(opts.actor);
  if (!(await workspaceAdminIds(opts.db, workspaceId)).includes(opts.actor.userId)) throw new AppError('FORBIDDEN', REMINDER_SETTINGS_ADMIN_ONLY);
  const values = { enabled: opts.body.enabled, firstAfterDays: opts.body.first_after_days, secondAfterDays: opts.body.second_after_days, updatedBy: opts.actor.userId };
  await opts.db.transaction(async (tx) => {
    await tx
      .insert(invoiceReminderSettings)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: invoiceReminderSettings.workspaceId, set: values });
    await tx
      .update(invoices)
      .set({ reminderStatus: 'scheduled', reminderDueAt: sql`now()`, reminderAttempts: 0, reminderError: null })
      .where(
        and(
          eq(invoices.workspaceId, workspaceId),
          inArray(invoices.status, ['sent', 'viewed']),
          lt(invoices.remindersSent, MAX_INVOICE_REMINDERS),
          sql`(${invoices.sentEmail} IS NOT NULL OR ${invoices.sentPhone} IS NOT NULL)`,
        ),
      );
  });
  return readReminderSettings(opts.db, workspaceId);
}

// ---- The job ---------------------------------------------------------------------------------------------------------

/** The reminders' job over the invoices' rows (main.ts starts it with the others). */
export function invoiceReminderJob(deps: { db: Db; signer: TokenSigner; publicUrl: string; now?: () => Date; hubLinks?: ClientHubLinks; optOuts?: ClientOptOuts }) {
  const { db } = deps;
  const settle = (row: InvoiceRow, fields: Partial<typeof invoices.$inferInsert>) =>
    db
      .update(invoices)
      .set({ reminderLockedUntil: null, reminderAttempts: 0, reminderError: null, ...fields })
      .where(and(eq(invoices.id, row.id), eq(invoices.reminderStatus, 'scheduled')));
  return defineJob<InvoiceRow>({
    name: 'invoice-reminders',
    queue: {
      table: invoices,
      key: invoices.id,
      pending: eq(invoices.reminderStatus, 'scheduled'),
      dueAt: invoices.reminderDueAt,
      lockedUntil: invoices.reminderLockedUntil,
      attempts: invoices.reminderAttempts,
      failed: eq(invoices.reminderStatus, 'failed'),
    },
    leaseMs: 60_000,
    maxAttempts: 5,
    backoffMs: (attempts) => 60_000 * 2 ** attempts,
    intervalMs: 60_000,
    describe: (row) => `overdue reminder of invoice ${row.id}`,
    work: async (claimed) => {
      const now = deps.now?.() ?? new Date();
      // The row as it is now (the claim's copy is the one the runner locked).
      const [row] = await db.select().from(invoices).where(eq(invoices.id, claimed.id)).limit(1);
      if (!row) return;
      const none = () => settle(row, { reminderStatus: 'none', reminderDueAt: null });
      if ((row.status !== 'sent' && row.status !== 'viewed') || !row.dueOn || (!row.sentEmail && !row.sentPhone)) return void (await none());
      const invoice = await answer(db, row, now);
      if (invoice.totals.balance_cents <= 0) return void (await none());
      const [settings, zone] = await Promise.all([readReminderSettings(db, row.workspaceId), workspaceTimeZone(db, row.workspaceId)]);
      const [last] = await db
        .select({ at: invoiceSends.createdAt })
        .from(invoiceSends)
        .where(and(eq(invoiceSends.invoiceId, row.id), eq(invoiceSends.kind, 'reminder')))
        .orderBy(desc(invoiceSends.createdAt))
        .limit(1);
      const at = nextReminderAt({ dueOn: row.dueOn, remindersSent: row.remindersSent, lastReminderAt: last?.at ?? null, settings, zone, now });
      if (at === null) return void (await none());
      // Not yet (a later day, or the client's night): looked at again then.
      if (at > now) return void (await settle(row, { reminderDueAt: at }));
      const number = row.remindersSent + 1;
      const parties = await invoiceParties(db, row);
      const link = invoiceLink(deps.signer, deps.publicUrl, row.id, now);
      const balance = formatCents(invoice.totals.balance_cents);
      const following = nextReminderAt({ dueOn: row.dueOn, remindersSent: number, lastReminderAt: now, settings, zone, now });
      await db.transaction(async (tx) => {
        // Written once: the row is still this job's, at this count (a second process would find it changed).
        const [moved] = await tx
          .update(invoices)
          .set({ remindersSent: number, reminderStatus: following ? 'scheduled' : 'none', reminderDueAt: following, reminderLockedUntil: null, reminderAttempts: 0, reminderError: null })
          .where(and(eq(invoices.id, row.id), eq(invoices.reminderStatus, 'scheduled'), eq(invoices.remindersSent, row.remindersSent)))
          .returning({ id: invoices.id });
        if (!moved) return;
        const sends: { method: 'sms' | 'email'; address: string }[] = [];
        // Never to a client who opted out (issue 36): STOP to a text, an email's unsubscribe link, or the office.
        const stopped = deps.optOuts ? await deps.optOuts(tx, row.workspaceId, { sms: row.sentPhone, email: row.sentEmail }) : { sms: false, email: false };
        const sentPhone = stopped.sms ? null : row.sentPhone;
        const sentEmail = stopped.email ? null : row.sentEmail;
        // The hub the invoice was sent through (issue 36), when it went out with one.
        const hubLine = deps.hubLinks ? await deps.hubLinks.forItem(tx, { workspaceId: row.workspaceId, kind: 'invoice', itemId: row.id, company: parties.company, now }) : null;
        if (sentPhone) {
          await enqueueSms(tx, { to: sentPhone, text: `${parties.company}: a reminder that invoice ${row.number} was due ${row.dueOn}. Balance due: ${balance}. View it: ${link}${hubLine ? `\n${hubLine}` : ''}` });
          sends.push({ method: 'sms', address: sentPhone });
        }
        if (sentEmail) {
          await enqueueMail(tx, {
            to: sentEmail,
            subject: `Reminder: invoice ${row.number} from ${parties.company} is overdue`,
            text: [
              'Hello,',
              '',
              `This is a reminder that invoice ${row.number} from ${parties.company} (${row.title}) was due ${row.dueOn}.`,
              `Balance due: ${balance}`,
              '',
              'View it and download the PDF:',
              link,
              ...(hubLine ? ['', hubLine] : []),
              '',
              `If you have already paid, thank you, and please ignore this message. Questions? Reply to this email or call ${parties.company}.`,
            ].join('\n'),
          });
          sends.push({ method: 'email', address: sentEmail });
        }
        // Nothing went (every address opted out): the count still moves on, so it is not tried again and again.
        if (sends.length > 0) await tx.insert(invoiceSends).values(sends.map((s) => ({ invoiceId: row.id, workspaceId: row.workspaceId, kind: 'reminder' as const, reminder: number, method: s.method, address: s.address, sentBy: null })));
      });
    },
    onRetry: (_row, reason) => ({ reminderError: reason }),
    onGiveUp: (_row, reason) => ({ reminderStatus: 'failed', reminderError: reason }),
    givenUpReason: (attempts) => `Overdue reminder stopped: ${attempts} attempts ended without a result`,
  });
}

/** The job run on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startInvoiceReminderWorker(opts: { db: Db; signer: TokenSigner; publicUrl: string; now?: () => Date; log?: JobLog; hubLinks?: ClientHubLinks; optOuts?: ClientOptOuts }) {
  return startJob(opts.db, invoiceReminderJob(opts), { log: opts.log });
}
