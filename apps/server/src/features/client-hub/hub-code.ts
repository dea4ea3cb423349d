import {
  HUB_CODE_EXHAUSTED,
  HUB_CODE_INVALID,
  HUB_CODE_MAX_ATTEMPTS,
  HUB_CODE_MAX_WRONG_PER_HOUR,
  HUB_CODE_RESEND_SECONDS,
  HUB_CODE_TOO_MANY,
  HUB_CODE_TTL_MINUTES,
  HUB_NO_ADDRESS,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { AppError, fieldError, RateLimitError } from '../../platform/errors';
import { enqueueMail, enqueueSms } from '../../platform/mail';
import { checkCode, issueCode, isRecentlySent, NO_CODE, type CodePolicy } from '../../platform/one-time-codes';
import { createRateLimiter, retryWording } from '../../platform/rate-limit';
import { toE164 } from '../../platform/sms';
import { findContactRecords } from '../contacts';
import { clientHubs } from './client-hub.schema';
import { codeDestinations, reachHub, type HubDeps } from './client-hub.service';
import { hubSessionCookie } from './hub-link';

/** The hub's code rules (the one home of one-time codes, platform/one-time-codes.ts, shared with invitations). */
const HUB_CODE: CodePolicy = { ttlMinutes: HUB_CODE_TTL_MINUTES, resendSeconds: HUB_CODE_RESEND_SECONDS, maxAttempts: HUB_CODE_MAX_ATTEMPTS };

/**
 * Wrong codes per hub (issue 36): a code allows HUB_CODE_MAX_ATTEMPTS tries, and a new code could be asked for after
 * each — so the hub also counts wrong codes, whatever code or address they came from (the per-address limit of every
 * client link, platform/client-links.ts, counts the requests too). Kept in PostgreSQL like every limit.
 */
export function hubCodeLimiter(deps: Pick<HubDeps, 'db'> & { now: () => Date }) {
  return createRateLimiter({ db: deps.db, name: 'hub-code-wrong', limit: HUB_CODE_MAX_WRONG_PER_HOUR, windowMs: 3600_000, now: deps.now });
}
type Limiter = ReturnType<typeof hubCodeLimiter>;

const codeText = (company: string, code: string) => `${code} is your code to open your page with ${company}. It expires in ${HUB_CODE_TTL_MINUTES} minutes. Never share it.`;

/**
 * POST /api/public/hub/:token/code — sends a one-time code to the hub contact's own phone or mailbox (never an address
 * the request names), for a link that needs one. A code sent under a minute ago is not replaced: the same answer, no
 * second message.
 */
export async function sendHubCode(deps: HubDeps, token: string, cookieHeader: string | undefined, method: 'sms' | 'email') {
  const reached = await reachHub(deps, token, cookieHeader);
  if (reached.access === 'open') throw new AppError('CONFLICT', 'This page is open: no code is needed');
  const contact = (await findContactRecords(deps.db, [reached.hub.contactId])).get(reached.hub.contactId);
  const destination = contact ? codeDestinations(contact).find((d) => d.method === method) : undefined;
  if (!contact || !destination) throw fieldError('method', HUB_NO_ADDRESS(method));
  return deps.db.transaction(async (tx) => {
    const [hub] = await tx.select().from(clientHubs).where(eq(clientHubs.id, reached.hub.id)).for('update');
    if (!hub) throw new AppError('NOT_FOUND', 'Not found');
    if (isRecentlySent(hub, HUB_CODE, deps.now)) return { method, hint: destination.hint, expires_at: hub.codeExpiresAt!.toISOString() };
    const { code, state } = issueCode(hub.id, HUB_CODE, deps.now);
    await tx.update(clientHubs).set(state).where(eq(clientHubs.id, hub.id));
    if (method === 'sms') await enqueueSms(tx, { to: toE164(contact.phoneNumber), text: codeText(reached.company, code) });
    else await enqueueMail(tx, { to: contact.email!, subject: `Your code for ${reached.company}`, text: codeText(reached.company, code) });
    return { method, hint: destination.hint, expires_at: state.codeExpiresAt!.toISOString() };
  });
}

/**
 * POST /api/public/hub/:token/confirm — the code: checked and counted with the hub's row locked; a correct one is used
 * up and gives this browser a session (`setCookie`). A wrong one counts against the code (the last allowed try ends
 * it) and the hub (HUB_CODE_MAX_WRONG_PER_HOUR); the count is committed before the refusal is thrown.
 */
export async function confirmHubCode(deps: HubDeps & { limiter: Limiter; secure: boolean }, token: string, cookieHeader: string | undefined, code: string) {
  const reached = await reachHub(deps, token, cookieHeader);
  const room = await deps.limiter.check(reached.hub.id);
  if (!room.allowed) throw new RateLimitError(HUB_CODE_TOO_MANY(retryWording(room.retryAfterSeconds)), room.retryAfterSeconds);
  const result = await deps.db.transaction(async (tx) => {
    const [hub] = await tx.select().from(clientHubs).where(eq(clientHubs.id, reached.hub.id)).for('update');
    if (!hub) throw new AppError('NOT_FOUND', 'Not found');
    const checked = checkCode(hub.id, hub, code, HUB_CODE, deps.now);
    if (checked.result === 'wrong') await tx.update(clientHubs).set({ codeAttempts: checked.attempts }).where(eq(clientHubs.id, hub.id));
    // Used, or given up: either way this code opens nothing any more.
    else await tx.update(clientHubs).set(NO_CODE).where(eq(clientHubs.id, hub.id));
    return checked.result;
  });
  if (result !== 'ok') {
    await deps.limiter.hit(reached.hub.id);
    throw fieldError('code', result === 'exhausted' ? HUB_CODE_EXHAUSTED : HUB_CODE_INVALID);
  }
  return hubSessionCookie(deps.signer, reached.hub.id, deps.now, deps.secure);
}
