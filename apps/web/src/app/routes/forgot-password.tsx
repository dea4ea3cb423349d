import { AuthFrame, ForgotPasswordForm } from '../../features/auth';

export default function ForgotPasswordPage() {
  return (
    <AuthFrame title="Forgot Password" subtitle="Enter your account email and we will send you a link to set a new password.">
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
