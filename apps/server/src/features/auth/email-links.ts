import { randomInt } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../platform/html';
import { enqueueMail } from '../../platform/mail';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { deleteExpiredOneTimeTokens, deleteOneTimeTokens, insertOneTimeTokens, type OneTimeTokenType, type UserRow } from './auth.repository';

/** Where confirmation and recovery links land when the client names no (acceptable) redirect_to. */
export const DEFAULT_REDIRECT_PATH: Record<OneTimeTokenType, string> = { confirmation: '/login', recovery: '/reset-password' };

const TOKEN_LIFETIME_MS: Record<OneTimeTokenType, number> = { confirmation: 24 * 3600_000, recovery: 3600_000 };

/**
 * redirect_to is honoured only for our own origin (GoTrue's allow list, reduced to the site URL), plus
 * localhost when developing (not production, or the site itself on localhost: the Vite dev server on
 * another port); anything else falls back to the default page,
 * so a link can never be turned into an open redirect carrying a session.
 */
export function safeRedirect(config: Config, candidate: string | null | undefined, type: OneTimeTokenType): string {
  const fallback = `${config.publicUrl}${DEFAULT_REDIRECT_PATH[type]}`;
  if (!candidate) return fallback;
  try {
    const site = new URL(config.publicUrl);
    const url = new URL(candidate, site);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
    const isLocal = (host: string) => host === 'localhost' || host === '127.0.0.1';
    const isLocalDev = (config.env !== 'production' || isLocal(site.hostname)) && isLocal(url.hostname);
    if (url.origin !== site.origin && !isLocalDev) return fallback;
    url.hash = '';
    return url.toString();
  } catch {
    return fallback;
  }
}

/** The 6-digit code in the mail (POST /verify with email + token) is stored hashed with its email. */
export function emailCodeHash(email: string, code: string): string {
  return hashToken(`email-code:${email.toLowerCase()}:${code}`);
}

const VERIFY_TYPE: Record<OneTimeTokenType, 'signup' | 'recovery'> = { confirmation: 'signup', recovery: 'recovery' };

/**
 * Replaces the user's pending tokens of this type with a fresh link token and code, and writes the mail
 * to the outbox — in the caller's transaction, so a failed sign-up leaves neither behind.
 */
export async function sendEmailLink(
  db: Db,
  opts: { config: Config; user: UserRow; type: OneTimeTokenType; redirectTo: string; now: Date },
): Promise<void> {
  const { config, user, type, redirectTo, now } = opts;
  const linkToken = newOpaqueToken();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[type]);
  await deleteOneTimeTokens(db, user.id, type);
  // Housekeeping: links nobody followed would otherwise stay forever.
  await deleteExpiredOneTimeTokens(db, now);
  await insertOneTimeTokens(db, [
    { userId: user.id, tokenType: type, kind: 'link', tokenHash: hashToken(linkToken), redirectTo, expiresAt },
    { userId: user.id, tokenType: type, kind: 'code', tokenHash: emailCodeHash(user.email, code), redirectTo, expiresAt },
  ]);
  const link = `${config.publicUrl}/auth/v1/verify?${new URLSearchParams({ token: linkToken, type: VERIFY_TYPE[type], redirect_to: redirectTo })}`;
  const mail =
    type === 'confirmation'
      ? {
          subject: 'Confirm your Fieldbook account',
          intro: 'Welcome to Fieldbook! Follow this link to confirm your email address:',
          outro: 'The link expires in 24 hours. If you did not create an account, ignore this email.',
        }
      : {
          subject: 'Reset your Fieldbook password',
          intro: 'Follow this link to choose a new Fieldbook password:',
          outro: 'The link expires in 1 hour. If you did not ask to reset your password, ignore this email.',
        };
  const text = `${mail.intro}\n\n${link}\n\nOr enter this code: ${code}\n\n${mail.outro}\n`;
  const html =
    `<p>${mail.intro}</p><p><a href="${escapeHtml(link)}">${escapeHtml(mail.subject)}</a></p>` +
    `<p>Or enter this code: <strong>${code}</strong></p><p>${mail.outro}</p>`;
  await enqueueMail(db, { to: user.email, subject: mail.subject, text, html });
}
