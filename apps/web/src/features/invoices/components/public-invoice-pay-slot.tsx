import type { PublicInvoice } from '@fieldbook/contract';

/**
 * THE SLOT FOR ONLINE PAYMENT (issue 33). The client's invoice page renders this where the "Pay" button goes, below the
 * balance due. It renders nothing for now: the payments feature (another engineer's, `features/payments`) will render
 * its own component here — a Pay button for the balance, and the thank-you state after paying — given the link's
 * `token` and the invoice as the page shows it. Keep the props; add to them rather than change them.
 */
export function PublicInvoicePaySlot(_props: { token: string; invoice: PublicInvoice }) {
  return null;
}
