/** The invoices feature's public entry (other features and app.ts import only from here). */
export { invoicesRoutes } from './invoices.routes';
// Overdue reminders, a job of the one runner (main.ts starts it with the others).
export { invoiceReminderJob, startInvoiceReminderWorker } from './reminders';
// Money that arrives online (the payments feature): what an invoice owes, and the row a confirmed payment becomes.
export { findInvoicesOfQuote, findPayableInvoice, invoiceReceiptMessage, invoiceReceiptPdf, recordOnlinePayment, type PayableInvoice } from './online-payment';
