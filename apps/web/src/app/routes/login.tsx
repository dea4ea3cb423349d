import { AuthFrame, LoginForm } from '../../features/auth';

export default function LoginPage() {
  return (
    <AuthFrame title="Sign in to Fieldbook" subtitle="Welcome back. Pick up where your crew left off.">
      <LoginForm />
    </AuthFrame>
  );
}
