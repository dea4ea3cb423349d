import { useParams } from 'react-router';
import { ContactsScreen } from '../../features/contacts';

export default function ContactsPage() {
  const { contactId } = useParams();
  return <ContactsScreen contactId={contactId} />;
}
