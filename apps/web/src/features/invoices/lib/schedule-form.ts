import {
  formatCents,
  parseDecimal,
  parseDollarsToCents,
  PaymentScheduleBodySchema,
  splitSchedule,
  toThousandths,
  type PaymentSchedule,
  type PaymentScheduleBody,
  type ScheduleDueTrigger,
  type SchedulePartKind,
  type SchedulePartTerms,
} from '@fieldbook/contract';

/** One part as the editor holds it: what was typed, kept as typed (a wrong entry is named, never dropped). */
export type PartDraft = {
  key: string;
  id?: string;
  kind: SchedulePartKind;
  name: string;
  percent: string;
  amount: string;
  due_trigger: ScheduleDueTrigger;
  due_on: string;
};

let seq = 0;
const key = () => `part-${++seq}`;

const draft = (p: Omit<PartDraft, 'key' | 'percent' | 'amount' | 'due_on'> & Partial<PartDraft>): PartDraft => ({ key: key(), percent: '', amount: '', due_on: '', ...p });

/** A first schedule: the deposit the approval fixed (when there is one), a progress payment of 40 %, the final payment. */
export function defaultParts(depositCents: number): PartDraft[] {
  return [
    ...(depositCents > 0 ? [draft({ kind: 'deposit', name: 'Deposit', due_trigger: 'on_approval' })] : []),
    draft({ kind: 'percent', name: 'Progress payment', percent: '40', due_trigger: 'on_milestone' }),
    draft({ kind: 'final', name: 'Final payment', due_trigger: 'on_completion' }),
  ];
}

/** A saved schedule's parts, to edit. */
export function partsOf(schedule: PaymentSchedule): PartDraft[] {
  return schedule.parts.map((p) =>
    draft({
      id: p.id,
      kind: p.kind,
      name: p.name,
      percent: p.percent === null ? '' : String(p.percent),
      amount: p.amount_cents === null ? '' : (p.amount_cents / 100).toFixed(2),
      due_trigger: p.due_trigger,
      due_on: p.due_on ?? '',
    }),
  );
}

/** A new middle part, before the final one. */
export function addPart(parts: readonly PartDraft[]): PartDraft[] {
  const at = parts.findIndex((p) => p.kind === 'final');
  const next = draft({ kind: 'percent', name: `Progress payment ${parts.filter((p) => p.kind === 'percent' || p.kind === 'amount').length + 1}`, due_trigger: 'on_milestone' });
  return at < 0 ? [...parts, next] : [...parts.slice(0, at), next, ...parts.slice(at)];
}

/** What the server is sent: typed text that is not a number is sent as NaN, so the contract's schema names it. */
export function toBody(parts: readonly PartDraft[], overApproved: boolean): PaymentScheduleBody {
  return {
    over_approved: overApproved,
    parts: parts.map((p) => ({
      ...(p.id ? { id: p.id } : {}),
      kind: p.kind,
      name: p.name,
      percent: p.kind === 'percent' ? (parseDecimal(p.percent, { percent: true }) ?? Number.NaN) : null,
      amount_cents: p.kind === 'amount' ? (parseDollarsToCents(p.amount) ?? Number.NaN) : null,
      due_trigger: p.due_trigger,
      due_on: p.due_trigger === 'on_date' ? p.due_on || null : null,
    })),
  };
}

/** The contract's first complaint about the parts, or null: checked before anything is sent. */
export function firstProblem(parts: readonly PartDraft[], overApproved: boolean): string | null {
  const result = PaymentScheduleBodySchema.safeParse(toBody(parts, overApproved));
  return result.success ? null : (result.error.issues[0]?.message ?? 'Check the parts');
}

/** The amounts as they are typed now, by the same split the server makes (a part not yet readable counts 0). */
export function preview(parts: readonly PartDraft[], approvedCents: number, depositCents: number) {
  const terms = parts.map((p): SchedulePartTerms => {
    if (p.kind === 'deposit') return { kind: 'amount', cents: depositCents };
    if (p.kind === 'final') return { kind: 'final' };
    if (p.kind === 'percent') {
      const v = parseDecimal(p.percent, { percent: true });
      return { kind: 'percent', milliPercent: v !== null && v > 0 && v <= 100 ? toThousandths(v) : 0 };
    }
    const c = parseDollarsToCents(p.amount);
    return { kind: 'amount', cents: c !== null && c > 0 ? c : 0 };
  });
  // At most one final part is the schema's rule too; the editor keeps exactly one.
  return splitSchedule(approvedCents, terms);
}

/** "40% · $1,600.00", "$500.00", "the rest · $1,200.00" — a part's share in words. */
export function shareText(p: { kind: SchedulePartKind; percent: number | null }, cents: number): string {
  if (p.kind === 'percent' && p.percent !== null) return `${p.percent}% · ${formatCents(cents)}`;
  if (p.kind === 'final') return `the rest · ${formatCents(cents)}`;
  return formatCents(cents);
}
