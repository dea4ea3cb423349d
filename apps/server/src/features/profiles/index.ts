/** The profiles feature's public entry (other features and app.ts import only from here). */
export { profilesRoutes } from './profiles.routes';
// Names and details of people for other features' answers (one query per page of ids).
export { findPeople, profileDisplayNames, type PersonRecord } from './profiles.queries';
