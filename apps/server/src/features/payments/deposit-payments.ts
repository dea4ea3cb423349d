import type { FeatureDeps } from '../../platform/deps';
import type { QuoteDepositPayments } from '../quotes';
import { paymentsStatus, startDepositCheckout } from './payments.service';

/**
 * What the quotes' deposit step on approval needs of online payments (issue 33), given to the quotes' routes by app.ts
 * (quotes cannot import this feature, which imports them): whether the workspace's clients can pay online now, and
 * Stripe's page for an approved quote's deposit — the same checkout as the page's Pay deposit.
 */
export function quoteDepositPayments(deps: FeatureDeps): QuoteDepositPayments {
  const stripe = deps.config.stripe;
  return {
    onlineStatus: async (db, workspaceId) => {
      const status = await paymentsStatus(db, stripe, workspaceId);
      return { enabled: status.enabled, reason: status.reason };
    },
    startDepositCheckout: (token, now) => startDepositCheckout({ db: deps.db, signer: deps.signer, publicUrl: deps.config.publicUrl, stripe, now }, token),
  };
}
