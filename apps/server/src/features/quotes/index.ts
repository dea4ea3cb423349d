/** The quotes feature's public entry (other features and app.ts import only from here). */
export { quotesRoutes } from './quotes.routes';
// The signed PDF after an approval (main.ts starts it with the other jobs).
export { quoteSignedPdfJob, startQuotePdfWorker } from './signed-pdf.job';
// An approved quote's chosen lines (invoices make a draft from them).
export { findApprovedQuoteAmounts, findApprovedQuoteLines, lockQuoteForInvoicing, type ApprovedQuoteAmounts, type ApprovedQuoteLines } from './quotes.queries';
// The deposit step on approval needs online payments, which app.ts gives from the payments feature (issue 33).
export type { QuoteDepositPayments } from './deposit-step';
// A quote's deposit as its approval fixed it (the payments feature takes it online).
export { findQuoteDeposit, findQuoteDepositByLink, type QuoteDeposit } from './deposit';
// The schedule's Unscheduled tray: approved quotes waiting for a visit (an SQL builder for its statement).
export { approvedQuotesSql } from './quotes.queries';
// The client hub (issue 36): a client's quotes and the link that opens each.
export { findClientQuotes } from './quotes.queries';
export { quoteLink } from './quote-link';
// Automatic messages to clients (client-messages): the quotes its follow-ups scan and check.
export { findQuoteForFollowUp, findQuotesFirstSentSince } from './quotes.queries';
