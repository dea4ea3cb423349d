import type { AuthChangeEvent, AuthError, Session, User } from '@supabase/auth-js';
import { createContext, use, useCallback, useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { auth } from './auth-client';
import { clearStoredAuthToken, storeAuthToken } from './auth-token-storage';
import { clearLocalSettings } from './local-settings';
import { clearOfflineApiCache } from './offline/api-cache';

export type AuthContextValue = {
  session: Session | null;
  user: User | null;
  /** True until auth-js reports the initial session (spec 000 §4: loading, then authenticated or not). */
  loading: boolean;
  /** Signed in with a password while a verified factor requires the TOTP step (aal1 → aal2). */
  needsMfa: boolean;
  signOut: () => Promise<{ error: AuthError | null }>;
  /** Re-reads the assurance level, e.g. after an MFA verification. */
  refreshAssurance: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export const PUBLIC_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password', '/download'];

/** Pages under these prefixes are public too (an invitation link, opened before any account exists). */
export const PUBLIC_PATH_PREFIXES = ['/invitation/'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/') || PUBLIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** auth-js clears the tokens from an email link by setting an empty hash; drop the leftover '#'. */
function dropEmptyHash(): void {
  if (window.location.href.endsWith('#')) window.history.replaceState(window.history.state, '', window.location.href.slice(0, -1));
}

async function needsSecondFactor(session: Session | null): Promise<boolean> {
  if (!session) return false;
  const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || !data) return false;
  return data.currentLevel === 'aal1' && data.nextLevel === 'aal2';
}

type AuthState = { session: Session | null; loading: boolean; needsMfa: boolean };

/** Sessions come from one GoTrueClient; this provider mirrors them into React and reacts to auth events. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<AuthState>({ session: null, loading: true, needsMfa: false });

  const applySession = useCallback(async (session: Session | null) => {
    if (session) storeAuthToken(session.access_token);
    const needsMfa = await needsSecondFactor(session);
    setState({ session, loading: false, needsMfa });
  }, []);

  // An effect event: it sees the current location without re-subscribing on every navigation.
  const handleAuthEvent = useEffectEvent(async (event: AuthChangeEvent, session: Session | null) => {
    dropEmptyHash();
    switch (event) {
      case 'INITIAL_SESSION':
      case 'SIGNED_IN': // the sign-in page moves on from /login once the session is complete (MFA included)
      case 'TOKEN_REFRESHED':
      case 'USER_UPDATED':
      case 'MFA_CHALLENGE_VERIFIED':
        await applySession(session);
        break;
      case 'PASSWORD_RECOVERY':
        await applySession(session);
        navigate('/reset-password', { replace: true });
        break;
      case 'SIGNED_OUT':
        clearStoredAuthToken();
        // The next person on this browser starts from the defaults, not from this user's API URL or cached reads.
        clearLocalSettings();
        clearOfflineApiCache();
        if (!isPublicPath(location.pathname)) navigate('/login', { replace: true });
        setState({ session: null, loading: false, needsMfa: false });
        break;
    }
  });

  useEffect(() => {
    const { data } = auth.onAuthStateChange((event, session) => {
      // auth-js invokes listeners inside its own critical section: further auth calls must wait a tick.
      setTimeout(() => void handleAuthEvent(event, session), 0);
    });
    return () => data.subscription.unsubscribe();
  }, []);

  const signOut = useCallback(async () => {
    const { error } = await auth.signOut({ scope: 'local' });
    return { error };
  }, []);

  const refreshAssurance = useCallback(async () => {
    const { data } = await auth.getSession();
    await applySession(data.session);
  }, [applySession]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, user: state.session?.user ?? null, signOut, refreshAssurance }),
    [state, signOut, refreshAssurance],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** A fixed auth state (component tests, previews): the same context the real provider fills. */
export function StaticAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext value={value}>{children}</AuthContext>;
}
