import { useParams } from 'react-router';
import { InvitationScreen } from '../../features/groups';
import { ShellProviders } from '../shell/shell-providers';

/** Public: a visitor opens the texted link without a session (spec 002 §2 note); data and toasts as in the shell. */
export default function InvitationPage() {
  const { token = '' } = useParams();
  return (
    <ShellProviders>
      <InvitationScreen token={token} />
    </ShellProviders>
  );
}
