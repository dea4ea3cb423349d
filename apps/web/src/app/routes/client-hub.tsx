import { useParams } from 'react-router';
import { ClientHubScreen } from '../../features/client-hub';
import { ShellProviders } from '../shell/shell-providers';

/** Public: the client opens their hub from any message's link, without an account (issue 36). */
export default function ClientHubPage() {
  const { token = '' } = useParams();
  return (
    <ShellProviders>
      <ClientHubScreen token={token} />
    </ShellProviders>
  );
}
