/** The groups feature's public entry (other features and app.ts import only from here). */
export { groupsRoutes } from './groups.routes';
export { isGroupMember } from './groups.service';
