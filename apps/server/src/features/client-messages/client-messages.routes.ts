import { clientMessageEndpoints as endpoints, SMS_WEBHOOK_NOT_CONFIGURED, SMS_WEBHOOK_SIGNATURE_INVALID } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { limitClientLinks, publicPrefixOf, UNSUBSCRIBE_LINKS } from '../../platform/client-links';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { applySmsKeyword, getContactLog, getContactOptOut, readUnsubscribeLink, smsKeyword, unsubscribeByLink, updateContactOptOut } from './opt-outs';
import { getClientMessageSettings, updateClientMessageSettings } from './settings';
import { isValidTwilioSignature } from './twilio-signature';

/** An empty TwiML answer: Twilio then sends no reply of its own making. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Automatic messages to clients (clientMessageEndpoints in the contract), registered in the /api scope. */
export async function clientMessagesRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, signer } = deps;

  route(app, endpoints.settings, async ({ actor }) => getClientMessageSettings({ db, actor }));
  route(app, endpoints.updateSettings, async ({ actor, body }) => updateClientMessageSettings({ db, actor, body, now: deps.now() }));
  route(app, endpoints.contactLog, async ({ actor, params, query }) => getContactLog({ db, actor, contactId: params.id, query }));
  route(app, endpoints.contactOptOut, async ({ actor, params }) => getContactOptOut({ db, actor, contactId: params.id }));
  route(app, endpoints.updateContactOptOut, async ({ actor, params, body }) => updateContactOptOut({ db, actor, contactId: params.id, body }));

  // The unsubscribe link: limited like every client link (per address over all kinds, per link).
  await app.register(async (links) => {
    limitClientLinks(links, {
      db,
      signer,
      now: deps.now,
      kind: UNSUBSCRIBE_LINKS,
      apiPrefix: publicPrefixOf(endpoints.unsubscribe.path),
      perAddress: deps.config.authRateLimit,
      perItem: deps.config.quoteLinkRateLimit,
      perItemName: 'unsubscribe-link',
    });
    route(links, endpoints.unsubscribeState, async ({ params }) => readUnsubscribeLink({ db, signer, token: params.token, now: deps.now() }));
    route(links, endpoints.unsubscribe, async ({ params }) => unsubscribeByLink({ db, signer, token: params.token, now: deps.now() }));
  });

  // Twilio's incoming messages: a form POST, kept as text so the signature is checked over exactly what was sent.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    route(hook, endpoints.smsInbound, async ({ req, reply }) => {
      const sms = deps.config.sms;
      if (!sms) throw new AppError('FORBIDDEN', SMS_WEBHOOK_NOT_CONFIGURED);
      const params = [...new URLSearchParams(typeof req.body === 'string' ? req.body : '')];
      const rawUrl = req.raw.url ?? '';
      const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?')) : '';
      const url = `${deps.config.publicUrl}${endpoints.smsInbound.path}${query}`;
      const signature = req.headers['x-twilio-signature'];
      if (!isValidTwilioSignature(sms.authToken, url, params, typeof signature === 'string' ? signature : undefined)) throw new AppError('FORBIDDEN', SMS_WEBHOOK_SIGNATURE_INVALID);
      const field = (name: string) => params.find(([k]) => k === name)?.[1] ?? '';
      const keyword = smsKeyword(field('Body'));
      if (keyword && field('From')) await applySmsKeyword(db, field('From'), keyword);
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    });
  });
}
