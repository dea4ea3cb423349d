import { InvitationSignUpBodySchema } from '@fieldbook/contract';
import { contractValidate } from '../../../lib/contract-form';

export type InvitationSignUpValues = { fullName: string; email: string; password: string; confirmPassword: string };

const FIELDS = { full_name: 'fullName', email: 'email', password: 'password', code: 'code' } as const;
/** The server's own check of the request (InvitationSignUpBodySchema: spec 002 §5 messages, the contract's email rule). */
const validateBody = contractValidate(
  InvitationSignUpBodySchema,
  ({ values, code }: { values: InvitationSignUpValues; code: string }) => ({ full_name: values.fullName, email: values.email, password: values.password, code }),
  FIELDS,
);

/**
 * Spec 002 §5 invitation sign-up checks, in order — name, email, password, the confirmation (the form's own rule),
 * then the texted code; the first failing one's message (the page shows one), null when the form may be sent.
 */
export function validateInvitationSignUp(values: InvitationSignUpValues, code: string): string | null {
  const errors = validateBody({ values, code });
  return errors.fullName ?? errors.email ?? errors.password ?? (values.password !== values.confirmPassword ? 'Passwords do not match' : null) ?? errors.code ?? null;
}
