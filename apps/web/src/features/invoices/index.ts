/** The invoices feature's public entry (issue 33): a job's Invoices panel and the client's invoice page. */
export { JobInvoices } from './components/job-invoices';
// The client's page, /i/:token (the app's public route renders it).
export { PublicInvoiceScreen } from './components/public-invoice-screen';
// The workspace's Invoices screen, /invoices (the app's route page renders it).
export { InvoicesScreen } from './components/invoices-screen';
// A job's payment schedules (progress invoicing), shown beside its invoices on the job page.
export { JobPaymentSchedules } from './components/job-payment-schedules';
// The overdue reminders' editor, also shown on Settings › Client messages (one editor, two places).
export { ReminderSettingsForm } from './components/reminder-settings';
