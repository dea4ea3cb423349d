import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

const clients = new Map<string, Stripe>();

/**
 * The official `stripe` client for this configuration, made once: STRIPE_API_URL becomes its host, port and protocol,
 * so it talks HTTP to Stripe or to another endpoint speaking Stripe's API (the tests' stand-in) the same way.
 * Network failures and 5xx are retried by the package (with the idempotency keys it sends on POSTs).
 */
export function stripeClient(config: StripeConfig): Stripe {
  const key = `${config.apiUrl} ${config.secretKey}`;
  let client = clients.get(key);
  if (!client) {
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(config.secretKey, {
      host: url.hostname,
      port: url.port || (protocol === 'http' ? 80 : 443),
      protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(key, client);
  }
  return client;
}

/** Verifies Stripe's signature over the raw body (and that it is at most `toleranceSeconds` old) and parses the event. */
export function verifiedEvent(config: StripeConfig, rawBody: Buffer, signature: string, now: Date, toleranceSeconds = 300): Stripe.Event {
  // receivedAt is in milliseconds (the package divides it by 1000).
  return stripeClient(config).webhooks.constructEvent(rawBody, signature, config.webhookSecret, toleranceSeconds, undefined, now.getTime());
}

export type { Stripe };
