/** The profile feature's public entry: the caller's profile and the admin-only gate. */
export { profileKeys, useProfile } from './api/get-profile';
export { AdminOnly } from './components/admin-only';
