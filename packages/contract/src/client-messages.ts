import { z } from 'zod';
import { IdParamsSchema } from './common';
import { defineEndpoint } from './endpoint';
import { InvoiceReminderSettingsSchema } from './invoices';
import { QUIET_HOURS } from './time-zone';

/**
 * Automatic messages to clients (issues 34 and 36): the one home of every message Fieldbook sends a client by itself —
 * visit booked, visit moved, the visit reminder, On my way, the quote follow-up and the review request. (Overdue
 * invoice reminders are the invoices feature's; the settings answer shows them, read-only.)
 *
 * - Each rule is a workspace setting: on/off, its timing, and its templates (the text message, the email's subject and
 *   body) with named placeholders in braces — `{client}`, `{company}`, … (CLIENT_MESSAGE_PLACEHOLDERS lists each
 *   rule's). An unknown placeholder is refused with a 400 naming it. Only the workspace's admins change the settings.
 * - Never in the client's night: a message due outside QUIET_HOURS (the workspace's time zone) goes at the next
 *   morning's start (On my way, whose news would be stale by then, is skipped instead).
 * - Never twice: each rule and occurrence (a visit and its start, a quote and its follow-up number, a job) goes once
 *   per channel, however many server processes run.
 * - Never to a client who opted out: by replying STOP to a text (START opts back in), by the unsubscribe link every
 *   automatic email carries, or recorded by the office on the contact.
 * - Every send (and every skip, with its reason) is a row of the contact's log.
 *
 * Who the client is: a job's client contact is the contact whose name is the job's client name (the same rule the
 * invoices list's client filter uses), among the contacts of the job's creator, then of the workspace's admins.
 */

// ---- Rules ------------------------------------------------------------------------------------------------------

export const CLIENT_MESSAGE_RULES = ['visit_booked', 'visit_moved', 'visit_reminder', 'on_my_way', 'quote_follow_up', 'review_request'] as const;
export const ClientMessageRuleSchema = z.enum(CLIENT_MESSAGE_RULES);
export type ClientMessageRule = z.infer<typeof ClientMessageRuleSchema>;

export const CLIENT_MESSAGE_RULE_LABELS: Record<ClientMessageRule, string> = {
  visit_booked: 'Visit booked',
  visit_moved: 'Visit moved',
  visit_reminder: 'Visit reminder',
  on_my_way: 'On my way',
  quote_follow_up: 'Quote follow-up',
  review_request: 'Review request',
};

/** The placeholders each rule's templates may use ({name} in the text). */
export const CLIENT_MESSAGE_PLACEHOLDERS: Record<ClientMessageRule, readonly string[]> = {
  visit_booked: ['client', 'company', 'job', 'address', 'date', 'window'],
  visit_moved: ['client', 'company', 'job', 'address', 'date', 'window'],
  visit_reminder: ['client', 'company', 'job', 'address', 'date', 'window'],
  on_my_way: ['client', 'company', 'job', 'address', 'window', 'eta'],
  quote_follow_up: ['client', 'company', 'quote', 'job', 'link'],
  review_request: ['client', 'company', 'job', 'link'],
};

/** What each placeholder becomes, for the settings page's help text. */
export const CLIENT_MESSAGE_PLACEHOLDER_HELP: Record<string, string> = {
  client: "The client's name",
  company: "Your workspace's name",
  job: "The job's title",
  address: "The job's property address",
  date: "The visit's day, e.g. Tuesday, March 10",
  window: "The arrival window, e.g. 8:00 AM – 10:00 AM (the visit's start when it has none)",
  eta: 'When the crew expects to arrive: the arrival window, else about an hour from now',
  quote: "The quote's number and title",
  link: "The quote's link (follow-up) or your review link (review request)",
};

/** How channels are named in the log and the opt-outs. */
export const CLIENT_MESSAGE_CHANNELS = ['sms', 'email'] as const;
export const ClientMessageChannelSchema = z.enum(CLIENT_MESSAGE_CHANNELS);
export type ClientMessageChannel = z.infer<typeof ClientMessageChannelSchema>;

export const MAX_QUOTE_FOLLOW_UPS = 2;
export const CLIENT_MESSAGE_QUIET_HOURS = QUIET_HOURS;

// ---- Messages (validation and errors) ---------------------------------------------------------------------------

export const CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY = "Only the workspace's admins can change automatic messages";
export const CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER = (name: string, allowed: readonly string[]) =>
  `Unknown placeholder {${name}}: use ${allowed.map((p) => `{${p}}`).join(', ')}`;
export const CLIENT_MESSAGE_REVIEW_LINK_NEEDED = 'Add your review link (e.g. your Google review page) to send review requests';
export const CLIENT_MESSAGE_REVIEW_LINK_INVALID = 'Enter the full address of your review page, starting with https://';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid';
export const SMS_WEBHOOK_SIGNATURE_INVALID = 'The request signature is not valid';
export const SMS_WEBHOOK_NOT_CONFIGURED = 'Text messages are not configured on this server';

/** The words a client texts to stop or restart automatic texts (as carriers and Twilio read them: the whole message). */
export const SMS_OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const SMS_OPT_IN_WORDS = ['START', 'UNSTOP'] as const;

// ---- Settings ---------------------------------------------------------------------------------------------------

const templateText = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, { error: `Enter the ${label}` })
    .max(max, { error: `The ${label} is at most ${max} characters` });

export const ClientMessageTemplateSchema = z.object({
  sms: templateText('text message', 480),
  email_subject: templateText('email subject', 200),
  email_body: templateText('email body', 4000),
});
export type ClientMessageTemplate = z.infer<typeof ClientMessageTemplateSchema>;

const ruleBase = { enabled: z.boolean(), template: ClientMessageTemplateSchema };
const wholeNumber = (min: number, max: number, unit: string) =>
  z
    .number({ error: `Enter a number of ${unit}` })
    .int({ error: `Enter whole ${unit}` })
    .min(min, { error: `At least ${min} ${unit}` })
    .max(max, { error: `At most ${max} ${unit}` });

export const ClientMessageRulesSchema = z.object({
  visit_booked: z.object(ruleBase),
  visit_moved: z.object(ruleBase),
  /** hours_before: how long before the visit's start the reminder goes (then moved out of the night). */
  visit_reminder: z.object({ ...ruleBase, hours_before: wholeNumber(1, 168, 'hours') }),
  on_my_way: z.object(ruleBase),
  /** Days after the quote was first sent, if it is not decided by then; second_after_days null: one follow-up only. */
  quote_follow_up: z
    .object({ ...ruleBase, first_after_days: wholeNumber(1, 60, 'days'), second_after_days: wholeNumber(2, 90, 'days').nullable() })
    .refine((r) => r.second_after_days === null || r.second_after_days > r.first_after_days, {
      error: 'The second follow-up must come after the first',
      path: ['second_after_days'],
    }),
  /** Days after the job is completed (0: the same day, within the allowed hours). */
  review_request: z.object({ ...ruleBase, after_days: wholeNumber(0, 30, 'days') }),
});
export type ClientMessageRules = z.infer<typeof ClientMessageRulesSchema>;

/** Every placeholder in a template ('{client}' → 'client'). */
export function templatePlaceholders(text: string): string[] {
  return [...text.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1] ?? '');
}

/** The text with each {name} replaced by its value (an unknown one stays as written: validation refuses those). */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([^{}\s]*)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : whole));
}

const REVIEW_LINK = z
  .string()
  .trim()
  .max(500, { error: CLIENT_MESSAGE_REVIEW_LINK_INVALID })
  .refine((s) => s === '' || /^https:\/\/[^\s]+$/.test(s), { error: CLIENT_MESSAGE_REVIEW_LINK_INVALID })
  .transform((s) => (s === '' ? null : s));

export const UpdateClientMessageSettingsBodySchema = z
  .object({
    rules: ClientMessageRulesSchema,
    /** The workspace's review page (Google, Yelp, …): the review request's {link}. Empty or null: none. */
    review_link: REVIEW_LINK.nullable(),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const rule of CLIENT_MESSAGE_RULES) {
      const allowed = CLIENT_MESSAGE_PLACEHOLDERS[rule];
      const template = body.rules[rule].template;
      for (const field of ['sms', 'email_subject', 'email_body'] as const) {
        const unknown = templatePlaceholders(template[field]).find((p) => !allowed.includes(p));
        if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER(unknown, allowed), path: ['rules', rule, 'template', field] });
      }
    }
    if (body.rules.review_request.enabled && !body.review_link) ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGE_REVIEW_LINK_NEEDED, path: ['review_link'] });
  });
export type UpdateClientMessageSettingsBody = z.input<typeof UpdateClientMessageSettingsBodySchema>;

export const ClientMessageSettingsSchema = z.object({
  rules: ClientMessageRulesSchema,
  review_link: z.string().nullable(),
  /** Local hours of the workspace's zone messages may go in (from inclusive, until exclusive), and that zone. */
  quiet_hours: z.object({ from: z.number().int(), until: z.number().int() }),
  time_zone: z.string(),
  /** The invoices feature's overdue reminders, shown here read-only (changed on their own endpoint). */
  invoice_reminders: InvoiceReminderSettingsSchema,
  /** Whether the caller may change them (the workspace's admins). */
  can_edit: z.boolean(),
});
export type ClientMessageSettings = z.infer<typeof ClientMessageSettingsSchema>;

const template = (sms: string, email_subject: string, email_body: string): ClientMessageTemplate => ({ sms, email_subject, email_body });

/** What a workspace has before an admin saves its own: visit messages on, follow-ups and review requests off. */
export const DEFAULT_CLIENT_MESSAGE_RULES: ClientMessageRules = {
  visit_booked: {
    enabled: true,
    template: template(
      '{company}: your visit for {job} is booked for {date}, arriving {window}.',
      'Your visit is booked: {date}',
      'Hello {client},\n\nYour visit for {job} at {address} is booked for {date}. We will arrive {window}.\n\nThank you,\n{company}',
    ),
  },
  visit_moved: {
    enabled: true,
    template: template(
      '{company}: your visit for {job} has moved to {date}, arriving {window}.',
      'Your visit has moved: {date}',
      'Hello {client},\n\nYour visit for {job} at {address} has moved to {date}. We will arrive {window}.\n\nThank you,\n{company}',
    ),
  },
  visit_reminder: {
    enabled: true,
    hours_before: 24,
    template: template(
      '{company}: a reminder of your visit for {job} on {date}, arriving {window}.',
      'Reminder: your visit on {date}',
      'Hello {client},\n\nA reminder that we will visit for {job} at {address} on {date}, arriving {window}.\n\nThank you,\n{company}',
    ),
  },
  on_my_way: {
    enabled: true,
    template: template(
      '{company}: we are on our way to {address}. Expected arrival: {eta}.',
      'We are on our way',
      'Hello {client},\n\nWe are on our way to {address}. Expected arrival: {eta}.\n\n{company}',
    ),
  },
  quote_follow_up: {
    enabled: false,
    first_after_days: 3,
    second_after_days: 7,
    template: template(
      '{company}: just checking in about your quote {quote}. Review and approve it here: {link}',
      'Your quote {quote} from {company}',
      'Hello {client},\n\nJust checking in about your quote {quote}. You can review and approve it here:\n{link}\n\nQuestions? Reply to this email.\n\n{company}',
    ),
  },
  review_request: {
    enabled: false,
    after_days: 1,
    template: template(
      '{company}: thank you for choosing us for {job}! Would you leave us a review? {link}',
      'How did we do, {client}?',
      'Hello {client},\n\nThank you for choosing {company} for {job}. If you were happy with our work, a short review would help us a lot:\n{link}\n\nThank you,\n{company}',
    ),
  },
};

// ---- The log and the opt-outs -----------------------------------------------------------------------------------

/** sent: handed to the outbox; skipped: not sent, `reason` says why (opted out, no address). */
export const ClientMessageSendSchema = z.object({
  id: z.uuid(),
  rule: ClientMessageRuleSchema,
  channel: ClientMessageChannelSchema,
  address: z.string(),
  status: z.enum(['sent', 'skipped']),
  /** Why it went (or did not): 'Visit on Tue, Mar 10 booked', 'Opted out of text messages', … */
  reason: z.string(),
  job_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type ClientMessageSend = z.infer<typeof ClientMessageSendSchema>;

export const CLIENT_MESSAGE_LOG_PAGE_SIZE = 50;
export const ClientMessageLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(CLIENT_MESSAGE_LOG_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const ClientMessageLogSchema = z.object({ items: z.array(ClientMessageSendSchema), total: z.number().int() });
export type ClientMessageLog = z.infer<typeof ClientMessageLogSchema>;

/** How an opt-out came: the client's STOP reply, the email's unsubscribe link, or a member of the office. */
export const OPT_OUT_SOURCES = ['sms_reply', 'email_link', 'office'] as const;
export const OptOutChannelStateSchema = z.object({
  /** The contact's address on this channel (E.164 phone, lower-case email), null when the contact has none. */
  address: z.string().nullable(),
  opted_out: z.boolean(),
  opted_out_at: z.string().nullable(),
  source: z.enum(OPT_OUT_SOURCES).nullable(),
});
export const ContactOptOutSchema = z.object({ sms: OptOutChannelStateSchema, email: OptOutChannelStateSchema });
export type ContactOptOut = z.infer<typeof ContactOptOutSchema>;
/** true: opt the contact's address out; false: back in; absent: unchanged. */
export const UpdateContactOptOutBodySchema = z
  .object({ sms: z.boolean().optional(), email: z.boolean().optional() })
  .strict()
  .refine((b) => b.sms !== undefined || b.email !== undefined, { error: 'Say which of sms and email to change' });
export type UpdateContactOptOutBody = z.input<typeof UpdateContactOptOutBodySchema>;

// ---- Public: the unsubscribe link and the SMS webhook -------------------------------------------------------------

export const UnsubscribeTokenParamsSchema = z.object({ token: z.string().max(200) });
/** The unsubscribe page's content (a GET marks nothing: mail scanners open links too; the page's button POSTs). */
export const UnsubscribeStateSchema = z.object({ company: z.string(), address: z.string(), opted_out: z.boolean() });
export type UnsubscribeState = z.infer<typeof UnsubscribeStateSchema>;

export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

// ---- Endpoints --------------------------------------------------------------------------------------------------

const tags = ['client-messages'];

export const clientMessageEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/client-message-settings',
    access: 'workspace',
    summary: "The workspace's automatic messages to clients: each rule's on/off, timing and templates; the invoice reminders read-only",
    tags,
    response: ClientMessageSettingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/client-message-settings',
    access: 'workspace',
    summary: 'Change the automatic messages (workspace admins); a template with an unknown placeholder is refused with 400',
    tags,
    body: UpdateClientMessageSettingsBodySchema,
    response: ClientMessageSettingsSchema,
  }),
  contactLog: defineEndpoint({
    method: 'GET',
    path: '/api/contacts/:id/client-messages',
    access: 'workspace',
    summary: "What was sent to a contact automatically by this workspace, and why, newest first (and what was skipped)",
    tags,
    params: IdParamsSchema,
    query: ClientMessageLogQuerySchema,
    response: ClientMessageLogSchema,
  }),
  contactOptOut: defineEndpoint({
    method: 'GET',
    path: '/api/contacts/:id/message-opt-out',
    access: 'workspace',
    summary: "Whether a contact's phone and email are opted out of this workspace's automatic messages",
    tags,
    params: IdParamsSchema,
    response: ContactOptOutSchema,
  }),
  updateContactOptOut: defineEndpoint({
    method: 'PUT',
    path: '/api/contacts/:id/message-opt-out',
    access: 'workspace',
    summary: "Opt a contact's phone and/or email out of (or back into) this workspace's automatic messages",
    tags,
    params: IdParamsSchema,
    body: UpdateContactOptOutBodySchema,
    response: ContactOptOutSchema,
  }),
  unsubscribeState: defineEndpoint({
    method: 'GET',
    path: '/api/public/unsubscribe/:token',
    access: 'public',
    summary: "An automatic email's unsubscribe link: whose messages and which address (marks nothing)",
    tags,
    params: UnsubscribeTokenParamsSchema,
    response: UnsubscribeStateSchema,
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/api/public/unsubscribe/:token',
    access: 'public',
    summary: "Opt the link's email address out of that workspace's automatic messages",
    tags,
    params: UnsubscribeTokenParamsSchema,
    response: UnsubscribeStateSchema,
  }),
  smsInbound: defineEndpoint({
    method: 'POST',
    path: '/api/public/sms/inbound',
    access: 'public',
    summary:
      "Twilio's incoming-message webhook (form POST, X-Twilio-Signature verified against PUBLIC_URL): STOP and the like opt the sender out, START back in; unknown senders are ignored",
    tags,
    response: z.unknown(),
  }),
};
