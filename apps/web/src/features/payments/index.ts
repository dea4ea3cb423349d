/**
 * The payments feature's public entry (issue 33, online payments): the client's Pay button on the invoice page, the
 * deposit's on the approved quote's page, and the contractor's view of an invoice's online payments.
 */
export { PayInvoice } from './components/pay-invoice';
export { PayDeposit } from './components/pay-deposit';
export { InvoiceOnlinePayments } from './components/invoice-online-payments';
// The contractor's approved quote: its deposit paid online, or not yet.
export { QuoteDepositStatus } from './components/quote-deposit-status';
// Settings › Payments (Stripe Connect) and the app shell's return from Stripe's onboarding.
export { PaymentsSettings } from './components/payments-settings';
export { hasStripeConnectReturn, useStripeConnectReturn } from './lib/stripe-connect-return';
