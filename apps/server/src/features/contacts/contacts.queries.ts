import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from './contacts.schema';

/**
 * SQL builders over the contacts table for other features' own statements (the contacts feature owns contacts,
 * contact groups and shared_contacts: docs/ARCHITECTURE.md, table ownership), so a list that shows contacts stays one
 * statement.
 */

/**
 * A JSON array of the contacts linked from another feature's link rows, by name: each `{ id, name, phone_number }`
 * plus the link row's own `extra` columns. `from` names the link rows (with their alias), `contactId` the column of
 * the contact's id, `where` which link rows.
 */
export function linkedContactsJsonSql(opts: { from: SQL; contactId: SQL; where: SQL; extra: Record<string, SQL> }): SQL {
  const extra = Object.entries(opts.extra).map(([key, value]) => sql`, ${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${value}`);
  return sql`(SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'phone_number', c.phone_number${sql.join(extra)}) ORDER BY c.name, c.id), '[]'::json)
               FROM ${opts.from} JOIN contacts c ON c.id = ${opts.contactId} WHERE ${opts.where})`;
}

/**
 * Phone-to-contact matching (spec 001 §5: raw, digits only, +1 prefix) for a phone column of another feature's row:
 * contacts store exactly 10 digits, so every accepted form reduces to one key — the digits without a leading country
 * code 1 — and the lookup is a single (owner_id, phone_number) index probe.
 */
export function phoneKeySql(phone: SQL): SQL {
  return sql`regexp_replace(regexp_replace(${phone}, '\\D', '', 'g'), '^1(\\d{10})$', '\\1')`;
}

/** SQL expression: the name of `ownerId`'s contact whose phone is the key `phoneKey` (the first by name), or null. */
export function ownContactNameByPhoneKeySql(opts: { ownerId: string; phoneKey: SQL }): SQL {
  return sql`(SELECT ct.name FROM contacts ct WHERE ct.owner_id = ${opts.ownerId} AND ct.phone_number = ${opts.phoneKey} ORDER BY ct.name LIMIT 1)`;
}

/** SQL subquery: the phones of `ownerId`'s contacts whose name matches the LIKE `pattern` (case-insensitive). */
export function ownContactPhonesByNameSql(opts: { ownerId: string; pattern: string }): SQL {
  return sql`SELECT cq.phone_number FROM contacts cq WHERE cq.owner_id = ${opts.ownerId} AND cq.name ILIKE ${opts.pattern}`;
}

/**
 * Contacts by id for the client hub (issue 36), whose public pages have no signed-in member to check them against: the
 * hub itself is the proof (it was made by a member who could see the contact). Only what the hub needs.
 */
export async function findContactRecords(db: Db, ids: readonly string[]): Promise<Map<string, { id: string; name: string; phoneNumber: string; email: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, phoneNumber: contacts.phoneNumber, email: contacts.email })
    .from(contacts)
    .where(inArray(contacts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * SQL query: the contacts of `ownerIds` whose name is `name` (trimmed, case-insensitive) — a job's client contact by
 * the job's client name, as the invoices list's client filter matches them (the client-messages feature's recipients).
 */
export function contactsNamedSql(opts: { ownerIds: readonly string[]; name: string }): SQL {
  const owners = opts.ownerIds.length > 0 ? sql.join(opts.ownerIds.map((id) => sql`${id}::uuid`), sql`, `) : sql`NULL`;
  return sql`SELECT cn.id, cn.owner_id, cn.name, cn.phone_number, cn.email FROM contacts cn
    WHERE cn.owner_id IN (${owners}) AND lower(btrim(cn.name)) = lower(btrim(${opts.name})) ORDER BY cn.created_at, cn.id LIMIT 10`;
}
