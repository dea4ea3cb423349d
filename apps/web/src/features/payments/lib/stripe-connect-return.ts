import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Stripe's onboarding sends the admin's browser back to `/?payments=stripe-connect-done` (finished, or left for later)
 * or `…-refresh` (its link expired or was used: a new one is a click away). The app shell calls
 * `useStripeConnectReturn(openSettings)`: the parameter is taken off the address and Settings opens on Payments, whose
 * status is fetched afresh (Stripe's `account.updated` may have arrived already, or arrives within seconds).
 */
const PARAM = 'payments';
const VALUES = ['stripe-connect-done', 'stripe-connect-refresh'] as const;
let pending: 'done' | 'refresh' | null = null;

/** Whether a return from Stripe's onboarding waits for the Settings modal (it then opens on the Payments tab). */
export const hasStripeConnectReturn = () => pending !== null;

/** The return, once: the Payments tab takes it when it opens. */
export function takeStripeConnectReturn(): 'done' | 'refresh' | null {
  const value = pending;
  pending = null;
  return value;
}

export function useStripeConnectReturn(openSettings: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const value = q.get(PARAM);
    if (!value || !(VALUES as readonly string[]).includes(value)) return;
    q.delete(PARAM);
    const search = q.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    pending = value === 'stripe-connect-done' ? 'done' : 'refresh';
    openSettings();
  }, [location.search, location.pathname, navigate, openSettings]);
}
