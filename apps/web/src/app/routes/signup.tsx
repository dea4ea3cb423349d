import { AuthFrame } from '../../features/auth/components/auth-frame';
import { SignupForm } from '../../features/auth/components/signup-form';

export default function SignupPage() {
  return (
    <AuthFrame title="Create your account" subtitle="Set up Fieldbook for you and your crew in a minute.">
      <SignupForm />
    </AuthFrame>
  );
}
