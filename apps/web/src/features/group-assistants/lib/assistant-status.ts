import { ASSISTANT_STATUSES, BASE_MODELS, type AssistantStatus } from '@fieldbook/contract';

/** Spec 002 §3: a status is shown with its underscores replaced by spaces ('fine_tuning' → 'fine tuning'). */
export function statusLabel(status: AssistantStatus): string {
  return status.replace(/_/g, ' ');
}

/** A group without a stats row (spec 002 §4). */
export const NOT_INITIALIZED = 'Not Initialized';

/** Each status has its own badge colour (spec 002 §3). */
const STATUS_COLORS: Record<AssistantStatus, string> = {
  not_started: 'gray',
  collecting_examples: 'blue',
  preparing_data: 'cyan',
  fine_tuning: 'violet',
  completed: 'green',
  failed: 'red',
};
export const NOT_INITIALIZED_COLOR = 'dark';

export function statusColor(status: AssistantStatus | null): string {
  return status ? STATUS_COLORS[status] : NOT_INITIALIZED_COLOR;
}

/** The states the server's training job is working through: the list polls while any row is in one. */
const RUNNING: ReadonlySet<AssistantStatus> = new Set(['collecting_examples', 'preparing_data', 'fine_tuning']);
export function isRunning(status: AssistantStatus | null | undefined): boolean {
  return Boolean(status && RUNNING.has(status));
}

/** What the Training column says while the job runs, and how far along the pipeline it is (for the bar). */
const PROGRESS: Partial<Record<AssistantStatus, { hint: string; percent: number }>> = {
  collecting_examples: { hint: 'Collecting approved examples…', percent: 25 },
  preparing_data: { hint: 'Uploading the training file…', percent: 50 },
  fine_tuning: { hint: 'Fine-tuning the model…', percent: 75 },
};
export function progressOf(status: AssistantStatus | null | undefined): { hint: string; percent: number } | null {
  return (status && PROGRESS[status]) ?? null;
}

/** Spec 002 §3/§9: a 0–1 quality as a percent with 0 decimals; '—' when there is none yet. */
export function formatQuality(q: number | null | undefined): string {
  return q === null || q === undefined ? '—' : `${Math.round(q * 100)}%`;
}

/** The Status filter's options (spec 002 §2), labelled in title case. */
export const STATUS_FILTER_OPTIONS: { value: 'all' | AssistantStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  ...ASSISTANT_STATUSES.map((s) => ({ value: s, label: statusLabel(s).replace(/\b\w/g, (c) => c.toUpperCase()) })),
];

/** 'Model or Default' (spec 002 §2): a known base model by its label, another by its id. */
export function modelLabel(model: string | null | undefined): string {
  if (!model) return 'Default';
  return BASE_MODELS.find((m) => m.value === model)?.label ?? model;
}

/** Spec 002 §9: group ids are shown truncated to 8 characters. */
export const shortId = (id: string) => id.slice(0, 8);
