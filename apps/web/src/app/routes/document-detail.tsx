import { useParams } from 'react-router';
import { DocumentDetailScreen } from '../../features/documents';

/** /documents/:id (spec 001 §1: the document detail link target). */
export default function DocumentDetailPage() {
  const { id = '' } = useParams();
  return <DocumentDetailScreen key={id} id={id} />;
}
