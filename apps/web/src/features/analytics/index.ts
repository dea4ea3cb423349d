/** The analytics feature's public entry: the Workspace Analytics page (recharts is loaded only with it). */
export { WorkspaceAnalyticsScreen } from './components/workspace-analytics-screen';
// The caller's workspace's A/R aging and payments per month (issue 33): the Analytics page and the Invoices page show it.
export { ReceivablesPanels } from './components/receivables-panels';
