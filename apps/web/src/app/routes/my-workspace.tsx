import { MyWorkspaceScreen } from '../../features/workspaces';

export default function MyWorkspacePage() {
  return <MyWorkspaceScreen />;
}
