import { fillTemplate } from '@fieldbook/contract';

/** What the settings page's preview puts in each placeholder (the server's own help says what each really is). */
export const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  client: 'Maria Garcia',
  company: 'Lopez Roofing',
  job: 'Roof repair',
  address: '12 Oak Street',
  date: 'Tuesday, March 10',
  window: '8:00 AM – 10:00 AM',
  eta: '8:00 AM – 10:00 AM',
  quote: 'Q-1042 Roof repair',
  link: 'https://example.com/link',
};

/** A template as a client would read it, with the sample values (the review request's {link}: the workspace's own). */
export function previewText(template: string, reviewLink?: string | null): string {
  return fillTemplate(template, reviewLink ? { ...SAMPLE_VALUES, link: reviewLink } : SAMPLE_VALUES);
}

/** "{client}" inserted into `text` at the caret (or at the end), and where the caret goes after it. */
export function insertAt(text: string, insertion: string, start: number | null, end: number | null): { text: string; caret: number } {
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + insertion + text.slice(to), caret: from + insertion.length };
}
