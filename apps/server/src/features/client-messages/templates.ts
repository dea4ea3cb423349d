import { fillTemplate, type ClientMessageTemplate } from '@fieldbook/contract';

/**
 * What a rule's placeholders become, and the message written from a template. Times read in the workspace's zone
 * ("Tuesday, March 10", "8:00 AM – 10:00 AM"), by Intl with the zone given: never the server's own zone.
 */

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string) {
  let f = dayFormats.get(zone);
  if (!f) dayFormats.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric' })));
  return f;
}
function timeFormat(zone: string) {
  let f = timeFormats.get(zone);
  if (!f) timeFormats.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })));
  return f;
}

/** 'HH:MM' (a wall-clock time of the workspace's zone) as '8:00 AM'. */
export function wallClockLabel(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The visit's facts a message needs (kept on the queue row: the message says what was booked, at that time). */
export type VisitFacts = {
  startsAt: string;
  allDay: boolean;
  arrivalStart: string | null;
  arrivalEnd: string | null;
};

export function visitDate(v: VisitFacts, zone: string): string {
  return dayFormat(zone).format(new Date(v.startsAt));
}

/** The arrival window ('8:00 AM – 10:00 AM'), else 'at <start>' ('during the day' for an all-day visit). */
export function visitWindow(v: VisitFacts, zone: string): string {
  if (v.arrivalStart && v.arrivalEnd) return `${wallClockLabel(v.arrivalStart)} – ${wallClockLabel(v.arrivalEnd)}`;
  if (v.allDay) return 'during the day';
  return `at ${timeFormat(zone).format(new Date(v.startsAt))}`;
}

/** On my way's ETA: the arrival window when the visit has one, else about an hour from when the crew set off. */
export function onMyWayEta(v: VisitFacts, setOffAt: Date, zone: string): string {
  if (v.arrivalStart && v.arrivalEnd) return `${wallClockLabel(v.arrivalStart)} – ${wallClockLabel(v.arrivalEnd)}`;
  return `around ${timeFormat(zone).format(new Date(setOffAt.getTime() + 60 * 60_000))}`;
}

export type WrittenMessage = { sms: string; subject: string; body: string };

/** The rule's message from its template; the email ends with the unsubscribe link (every automatic email has one). */
export function writeMessage(template: ClientMessageTemplate, values: Record<string, string>, unsubscribeLink: string): WrittenMessage {
  const body = fillTemplate(template.email_body, values);
  return {
    sms: `${fillTemplate(template.sms, values)} Reply STOP to opt out.`,
    subject: fillTemplate(template.email_subject, values).replace(/[\r\n]+/g, ' '),
    body: `${body}\n\n--\nAn automatic message from ${values.company ?? 'your contractor'}. To stop these emails: ${unsubscribeLink}`,
  };
}
