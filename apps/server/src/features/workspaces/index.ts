/** The workspaces feature's public entry (other features and app.ts import only from here). */
export { workspacesRoutes } from './workspaces.routes';
