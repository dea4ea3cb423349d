import { ApiRequestError } from '../../../lib/api-client';

/** What a failed request says: the server's message and its field messages, once each. */
export const errorText = (err: unknown): string | null =>
  err instanceof ApiRequestError
    ? [...(err.details ?? []).map((d) => d.message), err.message].filter((v, i, a) => a.indexOf(v) === i)[0] ?? err.message
    : err
      ? 'Something went wrong. Try again.'
      : null;

/** Back from Stripe's page: the link's URL carries ?payment=done (or cancelled). */
export function returnedFromStripe(): 'done' | 'cancelled' | null {
  const value = new URLSearchParams(window.location.search).get('payment');
  return value === 'done' || value === 'cancelled' ? value : null;
}
