import { useParams } from 'react-router';
import { DocumentsScreen } from '../../features/documents';

/** /documents and /document-manager/:jobId? (spec 001 §1). */
export default function DocumentsPage() {
  const { jobId } = useParams();
  return <DocumentsScreen jobId={jobId} />;
}
