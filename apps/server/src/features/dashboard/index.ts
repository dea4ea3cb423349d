/** The dashboard feature's public entry. */
export { dashboardRoutes, homepageDataRoutes, performanceStatsRoutes } from './dashboard.routes';
