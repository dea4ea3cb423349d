import { ApiRequestError } from '../../../lib/api-client';

/** The editor's values do not pass the contract's schema: nothing was sent to the server; the fields say why. */
export class QuoteFormInvalid extends Error {}

/** What a failed save, send or request says: the form's own refusal, or the server's message and its field messages. */
export const errorText = (err: unknown) =>
  err instanceof QuoteFormInvalid
    ? err.message
    : err instanceof ApiRequestError
      ? [err.message, ...(err.details ?? []).map((d) => d.message)].filter((v, i, a) => a.indexOf(v) === i).join(' · ')
      : err
        ? 'Something went wrong. Try again.'
        : null;
