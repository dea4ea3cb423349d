import { useParams } from 'react-router';
import { UnsubscribeScreen } from '../../features/client-messages';
import { ShellProviders } from '../shell/shell-providers';

/** Public: an automatic email's unsubscribe link, opened without an account (issue 36). */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  return (
    <ShellProviders>
      <UnsubscribeScreen token={token} />
    </ShellProviders>
  );
}
