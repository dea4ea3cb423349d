import { cleanClientName } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContact } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { cleanClientNameSql } from './client-name';
import { queryRows } from '../../db/sql';

let ctx: TestContext;
let user: TestUser;
const contacts = [
  { name: 'Ann Adjuster', phone_number: '5551234567' },
  { name: 'Ben Builder', phone_number: '5559876543' },
];

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createTestUser(ctx);
  for (const c of contacts) await insertContact(ctx.db, { ownerId: user.id, name: c.name, phoneNumber: c.phone_number });
});
afterAll(() => ctx.close());

async function inSql(name: string | null): Promise<string> {
  const [row] = await queryRows<{ v: string }>(ctx.db, sql`SELECT ${cleanClientNameSql(sql`${name}::text`, user.id)} AS v`);
  return row!.v;
}

describe('the client-name clean-up in SQL equals the rule in TypeScript (spec 001 §5)', () => {
  it('on the cases that matter: names kept, documents and files cleaned on word boundaries, phones resolved', async () => {
    const cases: Array<[string | null, string]> = [
      ['Smith Roofing', 'Smith Roofing'],
      ['Contractors Inc', 'Contractors Inc'],
      ['Subcontract Co', 'Subcontract Co'],
      ['Reportage Media', 'Reportage Media'],
      ['Inspection Report', 'Unnamed Client'],
      ['signed contract', 'Unnamed Client'],
      ['Invoice_42', 'Unnamed Client'],
      ['ESTIMATES v2', 'Unnamed Client'],
      ['scan_0042.pdf', 'Unnamed Client'],
      ['  ', 'Unnamed Client'],
      [null, 'Unnamed Client'],
      ['(555) 123-4567', 'Ann Adjuster'],
      ['+1 555 987 6543', 'Ben Builder'],
      ['555-000-1111', 'Client (555-000-1111)'],
    ];
    for (const [name, expected] of cases) {
      expect(cleanClientName(name, contacts), String(name)).toBe(expected);
      expect(await inSql(name), String(name)).toBe(expected);
    }
  });

  it('on generated names', async () => {
    const piece = fc.constantFrom('report', 'Contract', 'INVOICE', 'estimates', 'ors', 'Inc', '.pdf', '.docx', '_', '-', ' ', '(', ')', '+1', '555', '123', '4567', '9876543', 'Ann', 'x');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('')), async (name) => {
        expect(await inSql(name)).toBe(cleanClientName(name, contacts));
      }),
      { numRuns: 200 },
    );
  });
});
