/** The analytics feature's public entry: the Workspace Analytics page (recharts is loaded only with it). */
export { WorkspaceAnalyticsScreen } from './components/workspace-analytics-screen';
