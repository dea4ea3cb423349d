import { ApiRequestError } from '../../../lib/api-client';

/** What a failed request says: the server's message and its field messages, once each. */
export const errorText = (err: unknown): string | null =>
  err instanceof ApiRequestError
    ? [err.message, ...(err.details ?? []).map((d) => d.message)].filter((v, i, a) => a.indexOf(v) === i).join(' · ')
    : err
      ? 'Something went wrong. Try again.'
      : null;
