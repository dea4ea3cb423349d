/** The payments feature's public entry (app.ts imports only from here). */
export { paymentsRoutes } from './payments.routes';
// Deposits on approval (issue 33): the quotes' deposit step, and the invoices' crediting of a paid deposit.
export { quoteDepositPayments } from './deposit-payments';
export { quoteDepositLedger } from './quote-deposit-ledger';
