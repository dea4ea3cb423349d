import { useParams } from 'react-router';
import { PublicGalleryScreen } from '../../features/photos';
import { ShellProviders } from '../shell/shell-providers';

/** Public: the homeowner or the adjuster opens a shared photo gallery link without an account (issue 35). */
export default function PublicGalleryPage() {
  const { token = '' } = useParams();
  return (
    <ShellProviders>
      <PublicGalleryScreen token={token} />
    </ShellProviders>
  );
}
