/** The workspaces feature's public entry (other features and app.ts import only from here). */
export { workspacesRoutes } from './workspaces.routes';
// A new account's personal workspace (auth).
export { createPersonalWorkspace } from './workspaces.service';
// The sender name on generated and sent documents (documents).
export { workspaceName } from './workspaces.service';
// A workspace's admins (quotes notifies them of a client's approval or decline).
export { workspaceAdminIds } from './workspaces.service';
// A workspace's label inside the analytics statement.
export { workspaceLabelSql } from './workspaces.service';
// A workspace's IANA time zone (quotes' "valid until", schedules, reports by day), with the contract's time-zone math.
export { workspaceTimeZone } from './workspaces.service';
// My Workspace's Google Drive Integration toggle: whether the workspace's items are copied to Drive (drive).
export { isWorkspaceDriveEnabled } from './workspaces.service';
