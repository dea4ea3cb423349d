import { AuthFrame, ResetPasswordForm } from '../../features/auth';

export default function ResetPasswordPage() {
  return (
    <AuthFrame title="Set a new password" subtitle="Choose a password with at least 6 characters.">
      <ResetPasswordForm />
    </AuthFrame>
  );
}
