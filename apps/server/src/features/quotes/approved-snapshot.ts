import { PublicQuoteSchema, QuoteTotalsSchema } from '@fieldbook/contract';
import { z } from 'zod';

/**
 * What the homeowner was shown and chose, as the approval keeps it (`quote_approvals.shown`, quotes.public.ts
 * approveQuote): the quote's content with the company and the job as they were, the selection, the totals and the
 * typed name. Its canonical JSON is what the fingerprint hashes, so the signed PDF is written from it — never from the
 * quote, job or workspace rows as they are later.
 */
export const ApprovedSnapshotSchema = z.object({
  quote: PublicQuoteSchema.pick({
    id: true,
    number: true,
    revision: true,
    title: true,
    items: true,
    options: true,
    totals: true,
    discount: true,
    tax_rate_percent: true,
    deposit: true,
    expires_on: true,
    notes: true,
    terms: true,
    company: true,
    job: true,
  }),
  selection: z.object({ option: z.number().int().nullable(), option_name: z.string().nullable(), optional_item_ids: z.array(z.string()) }),
  totals: QuoteTotalsSchema,
  signer_name: z.string(),
  /** true: signed on the page with consent to sign electronically; false: marked approved by hand (`by_hand`). */
  consent: z.boolean(),
  /** An approval a member of the workspace recorded by hand (issue 32 item 9): how, their note, and who recorded it. */
  by_hand: z.object({ method: z.enum(['verbal', 'paper', 'other']), note: z.string(), recorded_by: z.string() }).optional(),
});
export type ApprovedSnapshot = z.infer<typeof ApprovedSnapshotSchema>;

/** An approval whose kept snapshot does not read as one: the job gives up at once (it would fail again). */
export class UnreadableSnapshot extends Error {}

export function readApprovedSnapshot(shown: unknown): ApprovedSnapshot {
  const parsed = ApprovedSnapshotSchema.safeParse(shown);
  if (!parsed.success) throw new UnreadableSnapshot(`The approval's record of what was shown cannot be read: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}
