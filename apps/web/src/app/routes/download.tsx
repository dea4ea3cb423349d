import { useSearchParams } from 'react-router';
import { DownloadScreen } from '../../features/download';
import { ShellProviders } from '../shell/shell-providers';

/** Public: the texted invitation's 'Download APK' link lands here without a session; data as in the shell. */
export default function DownloadPage() {
  const [searchParams] = useSearchParams();
  return (
    <ShellProviders>
      <DownloadScreen invitation={searchParams.get('invitation')} />
    </ShellProviders>
  );
}
