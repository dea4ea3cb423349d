import { AuthFrame } from '../../features/auth/components/auth-frame';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AuthFrame title="Forgot Password" subtitle="Enter your account email and we will send you a link to set a new password.">
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
