import { RecordingsScreen } from '../../features/recordings';

/** /recordings (also /consolidated-recordings and /record): spec 001 §2 Recordings page. */
export default function RecordingsPage() {
  return <RecordingsScreen />;
}
