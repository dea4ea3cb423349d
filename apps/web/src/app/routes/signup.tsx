import { AuthFrame, SignupForm } from '../../features/auth';

export default function SignupPage() {
  return (
    <AuthFrame title="Create your account" subtitle="Set up Fieldbook for you and your crew in a minute.">
      <SignupForm />
    </AuthFrame>
  );
}
