/** The notifications feature's public entry (issue 27): the header's bell with its panel. */
export { NotificationBell } from './components/notification-bell';
