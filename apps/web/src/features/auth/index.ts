/**
 * The auth feature's public entry: the signed-out pages' frame and forms, and the login redirect the route guard
 * builds. Each page uses only its own form; the web package declares its modules free of side effects
 * (apps/web/package.json "sideEffects"), so a route chunk keeps only what it imports from here.
 */
export { AuthFrame } from './components/auth-frame';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { SignupForm } from './components/signup-form';
export { loginPathFor } from './lib/redirect';
