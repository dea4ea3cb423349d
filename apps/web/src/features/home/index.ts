/** The home feature's public entry: the home dashboard (/ and /home). */
export { HomeDashboard } from './components/home-dashboard';
