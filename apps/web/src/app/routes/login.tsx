import { AuthFrame } from '../../features/auth/components/auth-frame';
import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginPage() {
  return (
    <AuthFrame title="Sign in to Fieldbook" subtitle="Welcome back. Pick up where your crew left off.">
      <LoginForm />
    </AuthFrame>
  );
}
