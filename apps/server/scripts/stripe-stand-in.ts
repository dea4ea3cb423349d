/**
 * The tests' Stripe stand-in (src/test/stripe-stub.ts) as a process of its own, to pay by hand in a browser against a
 * running Fieldbook: `npx tsx apps/server/scripts/stripe-stand-in.ts [http://localhost:3000]` prints the STRIPE_*
 * variables to start the server with, and delivers its signed webhooks to that server. Its page offers Pay, Pay by
 * bank and Decline, then the bank's later success or failure; Settings › Payments' Connect with Stripe opens its
 * onboarding page, whose Complete onboarding connects the workspace. For development and browser walks only: it keeps
 * everything in memory and checks nothing but its own key.
 */
import { startStripeStub } from '../src/test/stripe-stub';

const fieldbook = (process.argv[2] ?? process.env.FIELDBOOK_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const stub = await startStripeStub();
stub.webhookUrl = `${fieldbook}/api/payments/stripe/webhook`;
process.stdout.write(`Stripe stand-in at ${stub.url}, webhooks to ${stub.webhookUrl}. Start Fieldbook with:\n`);
for (const [name, value] of Object.entries(stub.env)) process.stdout.write(`${name}=${value}\n`);
const stop = () => void stub.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
