import { AuthFrame } from '../../features/auth/components/auth-frame';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  return (
    <AuthFrame title="Set a new password" subtitle="Choose a password with at least 6 characters.">
      <ResetPasswordForm />
    </AuthFrame>
  );
}
