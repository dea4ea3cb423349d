/** The workspaces feature's public entry: the My Workspace and Workspace Management screens. */
export { MyWorkspaceScreen } from './components/my-workspace-screen';
export { WorkspaceManagementScreen } from './components/workspace-management-screen';
export { useMyWorkspace } from './api/my-workspace';
