import { RecordingConsentSettings } from '../../features/recordings';
import { MyWorkspaceScreen } from '../../features/workspaces';

/** /my-workspace: the workspace's settings, and for its admins the notice shown before a recording starts (issue 26). */
export default function MyWorkspacePage() {
  return (
    <>
      <MyWorkspaceScreen />
      <RecordingConsentSettings />
    </>
  );
}
