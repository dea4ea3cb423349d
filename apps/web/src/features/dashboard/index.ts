/** The dashboard feature's public entry: the fast dashboard (/optimized-home, /fast-dashboard). */
export { FastDashboard } from './components/fast-dashboard';
