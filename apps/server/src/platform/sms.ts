import type { Sender } from './outbox';

export type SmsConfig = {
  accountSid: string;
  authToken: string;
  /** The sending number in E.164 (or a Messaging Service SID, MG…). */
  from: string;
  /** The API's origin: Twilio's by default; any service speaking the same Messages API (or a test server) otherwise. */
  apiUrl: string;
};

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Sends outbox SMS through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, HTTP Basic auth,
 * form fields To, From — or MessagingServiceSid — and Body). Plain HTTP rather than the Twilio SDK: one call, no
 * 10 MB dependency, and the same request reaches a test server. A refusal throws Twilio's own message
 * ("The 'To' number +1555… is not a valid phone number."), which the worker keeps as the row's last_error.
 */
export function twilioSender(config: SmsConfig): Sender {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return async (row) => {
    const form = new URLSearchParams({ To: row.recipient, Body: row.body });
    form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (res.ok) return;
    const body = (await res.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    const reason = typeof body?.message === 'string' ? body.message : res.statusText;
    throw new Error(`SMS provider answered ${res.status}: ${reason}${body?.code ? ` (code ${String(body.code)})` : ''}`);
  };
}

/** A stored 10-digit US number as E.164 (+1…); anything else is passed on as it is. */
export const toE164 = (phone: string) => (/^\d{10}$/.test(phone) ? `+1${phone}` : phone);
