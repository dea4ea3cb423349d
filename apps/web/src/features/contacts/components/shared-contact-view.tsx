import { Alert, Button, Stack, Text } from '@mantine/core';
import { formatPhoneInput, type Contact } from '@fieldbook/contract';

function Field({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Text>
    </div>
  );
}

/** Someone else's contact shared with a group the user is in: read, call or mail it; only its owner changes it. */
export function SharedContactView({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  return (
    <Stack gap="md" data-testid="shared-contact">
      <Alert color="blue" variant="light">
        Shared by {contact.shared_by}. Only they can change or delete it.
      </Alert>
      <Field label="Name" value={contact.name} />
      <Field label="Phone" value={formatPhoneInput(contact.phone_number)} />
      <Field label="Email" value={contact.email} />
      <Field label="Role" value={contact.role} />
      <Field label="Notes" value={contact.notes} />
      <Button component="a" href={`tel:+1${contact.phone_number}`} variant="light">
        Call {contact.name}
      </Button>
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}
