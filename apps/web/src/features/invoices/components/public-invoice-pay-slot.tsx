import type { PublicInvoice } from '@fieldbook/contract';
import { PayInvoice } from '../../payments';

/**
 * THE SLOT FOR ONLINE PAYMENT (issue 33). The client's invoice page renders this where the "Pay" button goes, below the
 * balance due: the payments feature's PayInvoice (features/payments) — a Pay button for the balance (or a part, when the
 * contractor allows it), a bank payment's processing or failure, and the thank-you state after paying — given the link's
 * `token` (it asks the server what is payable online itself). Keep the props; add to them rather than change them.
 */
export function PublicInvoicePaySlot({ token }: { token: string; invoice: PublicInvoice }) {
  return <PayInvoice token={token} />;
}
