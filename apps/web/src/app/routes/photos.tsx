import { PhotoTimelineScreen } from '../../features/photos';

/** /photos: the workspace's photo timeline (issue 35). */
export default function PhotosPage() {
  return <PhotoTimelineScreen />;
}
