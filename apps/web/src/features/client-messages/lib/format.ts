import type { ClientMessageChannel, ContactOptOut } from '@fieldbook/contract';

/** An instant as the workspace reads it: "Tue, Mar 3, 2026, 9:00 AM CST" (the zone named, whatever the browser's). */
export function instantInZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
}

export const CHANNEL_LABELS: Record<ClientMessageChannel, string> = { sms: 'Text', email: 'Email' };

/** How an opt-out came, in the office's words. */
export const OPT_OUT_SOURCE_LABELS: Record<NonNullable<ContactOptOut['sms']['source']>, string> = {
  sms_reply: 'by replying STOP',
  email_link: 'by the email’s unsubscribe link',
  office: 'by the office',
};
