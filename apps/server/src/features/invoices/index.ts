/** The invoices feature's public entry (other features and app.ts import only from here). */
export { invoicesRoutes } from './invoices.routes';
// Overdue reminders, a job of the one runner (main.ts starts it with the others).
export { invoiceReminderJob, startInvoiceReminderWorker } from './reminders';
// Money that arrives online (the payments feature): what an invoice owes, and the row a confirmed payment becomes.
export { findInvoicesOfQuote, findPayableInvoice, invoiceReceiptMessage, invoiceReceiptPdf, recordOnlinePayment, type PayableInvoice } from './online-payment';
// A quote's paid deposit, credited once to its first invoice (issue 33): the payments feature's webhook calls this when
// a deposit is paid after that invoice exists, with its side of the ledger (which app.ts also gives the routes).
export { creditQuoteDeposits, type PaidDeposit, type QuoteDepositLedger } from './quote-deposit-credit';
// Invoices' money in other features' statements (analytics' A/R and payments chart): the money rules in SQL.
export { invoicePaymentsReceivedSql, openInvoiceBalancesSql } from './invoices.queries';
// The client hub (issue 36): a client's invoices and the link that opens each.
export { findClientInvoices } from './invoices.queries';
export { invoiceLink } from './invoice-sending';
// The overdue reminders' settings, shown read-only beside the automatic messages (client-messages).
export { readReminderSettings } from './reminders';
