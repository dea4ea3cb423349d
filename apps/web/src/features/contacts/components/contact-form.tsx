import { Button, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAddressBook, IconTrash } from '@tabler/icons-react';
import { formatPhoneInput } from '@fieldbook/contract';
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { validateContactForm, type ContactFormErrors, type ContactFormValues } from '../lib/contact-form';
import { caretAfterFormat } from '../lib/phone-caret';
import { isContactPickerSupported, pickFailureMessage, pickPhoneContact } from '../lib/phone-contact-picker';
import { FormActions } from '../../../components/form-actions';

type ContactFormProps = {
  initialValues: ContactFormValues;
  submitLabel: string;
  isSaving: boolean;
  /** Errors the server sent back, by form field. */
  serverErrors?: ContactFormErrors;
  onSubmit: (values: ContactFormValues) => void;
  onCancel: () => void;
  onDelete?: () => void;
};

/** Create / edit a contact. The phone is formatted (xxx) xxx-xxxx while typing, at most 10 digits (spec 001 §5). */
export function ContactForm({ initialValues, submitLabel, isSaving, serverErrors, onSubmit, onCancel, onDelete }: ContactFormProps) {
  // The contract's rules (validateContactForm); an edited field's old error no longer applies (Mantine clears it).
  const form = useForm<ContactFormValues>({ initialValues, validate: validateContactForm });
  const values = form.getValues();
  const shownErrors: ContactFormErrors = { ...serverErrors, ...(form.errors as ContactFormErrors) };
  const phoneRef = useRef<HTMLInputElement>(null);
  const phoneCaret = useRef<number | null>(null);

  // After the re-formatted phone is committed, put the caret back where the user was typing.
  useLayoutEffect(() => {
    if (phoneCaret.current === null || !phoneRef.current) return;
    phoneRef.current.setSelectionRange(phoneCaret.current, phoneCaret.current);
    phoneCaret.current = null;
  });

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => form.setFieldValue(key, value as never);

  const onPhoneChange = (e: ChangeEvent<HTMLInputElement>) => {
    const typed = e.currentTarget.value;
    const formatted = formatPhoneInput(typed);
    phoneCaret.current = caretAfterFormat(typed, e.currentTarget.selectionStart ?? typed.length, formatted);
    set('phone', formatted);
  };

  const submit = form.onSubmit((valid) => onSubmit(valid));

  // In the mobile app (the contact helper plugin), or a browser with the Contact Picker API: fill name, phone and
  // email from a contact picked on the phone.
  const [canPick] = useState(isContactPickerSupported);
  const [pickError, setPickError] = useState<string | null>(null);
  const pickFromPhone = async () => {
    setPickError(null);
    let picked: Awaited<ReturnType<typeof pickPhoneContact>>;
    try {
      picked = await pickPhoneContact();
    } catch (err) {
      return setPickError(pickFailureMessage(err));
    }
    if (!picked) return;
    if (picked.name) set('name', picked.name);
    if (picked.phone) set('phone', formatPhoneInput(picked.phone));
    if (picked.email) set('email', picked.email);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {canPick && (
          <Button variant="light" leftSection={<IconAddressBook size={16} />} onClick={() => void pickFromPhone()}>
            Pick from phone contacts
          </Button>
        )}
        {pickError && (
          <Text size="sm" c="red" role="alert">
            {pickError}
          </Text>
        )}
        <TextInput label="Name" withAsterisk autoComplete="name" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={shownErrors.name} />
        <TextInput
          label="Phone number"
          withAsterisk
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 123-4567"
          ref={phoneRef}
          value={values.phone}
          onChange={onPhoneChange}
          error={shownErrors.phone}
        />
        <TextInput label="Email" type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.currentTarget.value)} error={shownErrors.email} />
        <TextInput label="Role" placeholder="e.g. Roofer, Client, Supplier" value={values.role} onChange={(e) => set('role', e.currentTarget.value)} error={shownErrors.role} />
        <Textarea size="md" label="Notes" autosize minRows={2} maxRows={6} value={values.notes} onChange={(e) => set('notes', e.currentTarget.value)} error={shownErrors.notes} />
        <Group gap="lg">
          <Switch label="OK to text (SMS)" checked={values.sms_opt_in} onChange={(e) => set('sms_opt_in', e.currentTarget.checked)} />
          <Switch label="OK to email" checked={values.email_opt_in} onChange={(e) => set('email_opt_in', e.currentTarget.checked)} />
        </Group>
        <FormActions
          submitLabel={submitLabel}
          isSaving={isSaving}
          onCancel={onCancel}
          start={
            onDelete ? (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={isSaving}>
                Delete
              </Button>
            ) : null
          }
        />
      </Stack>
    </form>
  );
}
