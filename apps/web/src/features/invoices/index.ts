/** The invoices feature's public entry (issue 33): a job's Invoices panel. */
export { JobInvoices } from './components/job-invoices';
