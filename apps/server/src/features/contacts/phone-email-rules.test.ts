import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contactAddress, InvitationSignUpBodySchema, isEmailAddress, isTenDigitPhone, normalizeUsPhone } from '@fieldbook/contract';
import { CONTACT_PHONE_SAMPLES, EMAIL_SAMPLES, US_PHONE_SAMPLES } from '@fieldbook/contract/rules-samples';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { appWithUser } from '../../test/app-with-user';

/**
 * Issue 23: one phone rule and one email rule (packages/contract/src/rules.ts). The server's entry points accept and
 * refuse the shared samples exactly as the rule does; the web's forms run the same samples
 * (apps/web/src/features/contacts/lib/contact-form.test.ts, auth/lib/signup-validation.test.ts).
 */
const t = appWithUser();

const createContact = (payload: object) => t.ctx.app.inject({ method: 'POST', url: '/api/contacts', headers: t.alice.headers, payload });

describe('the rules themselves', () => {
  it('say what the samples say', () => {
    for (const [value, valid] of EMAIL_SAMPLES) expect([value, isEmailAddress(value)]).toEqual([value, valid]);
    for (const [value, valid] of CONTACT_PHONE_SAMPLES) expect([value, isTenDigitPhone(value)]).toEqual([value, valid]);
    for (const [value, e164] of US_PHONE_SAMPLES) expect([value, normalizeUsPhone(value)]).toEqual([value, e164]);
  });
});

describe('who a document can be sent to', () => {
  it('is the email rule for email and a 10-digit US phone for SMS (the send modal filters with the same function)', () => {
    for (const [email, valid] of EMAIL_SAMPLES) expect([email, contactAddress({ phone_number: '5551234567', email }, 'email')]).toEqual([email, valid ? email : null]);
    expect(contactAddress({ phone_number: '5551234567', email: null }, 'sms')).toBe('5551234567');
    expect(contactAddress({ phone_number: '555123456', email: null }, 'sms')).toBeNull();
  });
});

describe('POST /api/contacts', () => {
  it('accepts and refuses the phone samples as the contact phone rule does', async () => {
    for (const [value, valid] of CONTACT_PHONE_SAMPLES) {
      const res = await createContact({ name: `Phone ${value}`, phone_number: value });
      expect([value, res.statusCode]).toEqual([value, valid ? 201 : 400]);
      if (!valid) expect(res.json().error.details).toContainEqual({ field: 'phone_number', message: 'Please enter a valid 10-digit phone number' });
      else await t.ctx.app.inject({ method: 'DELETE', url: `/api/contacts/${res.json().id}`, headers: t.alice.headers });
    }
  });

  it('accepts and refuses the email samples as the email rule does', async () => {
    let n = 0;
    for (const [value, valid] of EMAIL_SAMPLES) {
      const res = await createContact({ name: `Email ${value}`, phone_number: `55570000${String(n++).padStart(2, '0')}`, email: value });
      expect([value, res.statusCode]).toEqual([value, valid ? 201 : 400]);
      if (!valid) expect(res.json().error.details).toContainEqual({ field: 'email', message: 'Please enter a valid email address' });
    }
  });
});

describe('invitation sign-up body', () => {
  it('accepts and refuses the email samples as the email rule does', () => {
    for (const [value, valid] of EMAIL_SAMPLES) {
      const parsed = InvitationSignUpBodySchema.safeParse({ full_name: 'Ann', email: value, password: 'secret123', code: '123456' });
      expect([value, parsed.success]).toEqual([value, valid]);
    }
  });
});

describe('POST /auth/v1/signup', () => {
  it('stores the account phone as the US phone rule normalises it (null when refused)', async () => {
    let n = 0;
    for (const [value, e164] of US_PHONE_SAMPLES) {
      const email = `rules-${n++}-${Date.now()}@example.com`;
      const res = await t.ctx.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email, password: 'secret123', data: { phone_number: value } } });
      expect(res.statusCode).toBe(200);
      const [profile] = await t.ctx.db.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.id, res.json().id as string));
      expect([value, profile?.phone ?? null]).toEqual([value, e164]);
    }
  });
});

describe('no copies', () => {
  // The rules' regular expressions and zod's own email check appear only in rules.ts.
  const COPIES = [/\[\^\\s@\]\+@/, /\[2-9\]\\d\{2\}\[2-9\]/, /\bz\.email\(/];
  const root = join(import.meta.dirname, '../../../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });

  it('finds the phone and email rules only in packages/contract/src/rules.ts', () => {
    const files = ['apps/server/src', 'apps/web/src', 'packages/contract/src'].flatMap((d) => sources(join(root, d)));
    expect(files.length).toBeGreaterThan(100);
    const copies = files
      .filter((f) => !f.endsWith('packages/contract/src/rules.ts'))
      .filter((f) => COPIES.some((re) => re.test(readFileSync(f, 'utf8'))))
      .map((f) => relative(root, f));
    expect(copies).toEqual([]);
  });
});
