import { useParams } from 'react-router';
import { PublicRequestScreen } from '../../features/work-requests';
import { ShellProviders } from '../shell/shell-providers';

/** Public: the contractor's "Request work" page, linked from their website (issue 36). */
export default function PublicWorkRequestPage() {
  const { token = '' } = useParams();
  return (
    <ShellProviders>
      <PublicRequestScreen token={token} />
    </ShellProviders>
  );
}
