/** The quotes feature's public entry (issue 27): a job's quotes panel and the homeowner's public page. */
export { JobQuotes } from './components/job-quotes';
export { PublicQuoteScreen } from './components/public-quote-screen';
// Settings › Payments: the workspace's deposit step on approval (issue 33).
export { DepositStepSettings } from './components/deposit-step-settings';
