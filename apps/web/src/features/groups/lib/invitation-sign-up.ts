export type InvitationSignUpValues = { fullName: string; email: string; password: string; confirmPassword: string };

/** Spec 002 §5 invitation sign-up checks, in order; null when the form may be sent. */
export function validateInvitationSignUp(v: InvitationSignUpValues): string | null {
  if (!v.fullName.trim()) return 'Name is required';
  if (!v.email.trim()) return 'Email is required';
  if (!v.password) return 'Password is required';
  if (v.password !== v.confirmPassword) return 'Passwords do not match';
  return null;
}
