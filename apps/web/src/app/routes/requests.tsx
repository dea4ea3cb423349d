import { RequestsScreen } from '../../features/work-requests';

/** /requests and /requests/:requestId: the workspace's work requests (issue 36). */
export default function RequestsPage() {
  return <RequestsScreen />;
}
