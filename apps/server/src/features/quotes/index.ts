/** The quotes feature's public entry (other features and app.ts import only from here). */
export { quotesRoutes } from './quotes.routes';
// The signed PDF after an approval (main.ts starts it with the other jobs).
export { quoteSignedPdfJob, startQuotePdfWorker } from './signed-pdf.job';
// An approved quote's chosen lines (invoices make a draft from them).
export { findApprovedQuoteLines, type ApprovedQuoteLines } from './quotes.queries';
// A quote's deposit as its approval fixed it (the payments feature takes it online).
export { findQuoteDeposit, findQuoteDepositByLink, type QuoteDeposit } from './deposit';
