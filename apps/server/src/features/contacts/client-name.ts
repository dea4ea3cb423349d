import { sql, type SQL } from 'drizzle-orm';

/**
 * The client-name clean-up of spec 001 §5 (packages/contract/src/format.ts cleanClientName) in SQL, for titles the
 * database builds (fast dashboard, home): empty → 'Unnamed Client'; phone-like → the caller's contact with that
 * number, else 'Client ({number})'; a file name or a document word (whole word) → 'Unnamed Client'; else the name.
 * The contacts feature's (it reads the caller's contacts); other features build titles with it through index.ts.
 * client-name.test.ts checks it against the TypeScript rule on generated names.
 */
export function cleanClientNameSql(name: SQL, userId: string): SQL {
  const value = sql`btrim(${name}, E' \\t\\n\\r\\f\\v')`;
  const digits = sql`regexp_replace(${value}, '[^0-9]', '', 'g')`;
  // Contacts store 10 digits: every accepted form of the number reduces to its digits without a leading 1.
  const national = sql`regexp_replace(${digits}, '^1([0-9]{10})$', '\\1')`;
  return sql`(CASE
    WHEN ${name} IS NULL OR ${value} = '' THEN 'Unnamed Client'
    WHEN ${value} ~ '^\\+?[0-9[:space:]().-]+$' AND length(${digits}) BETWEEN 7 AND 15 THEN coalesce(
      (SELECT ct.name FROM contacts ct WHERE ct.owner_id = ${userId} AND ct.phone_number = ${national} ORDER BY ct.name, ct.id LIMIT 1),
      'Client (' || ${value} || ')')
    WHEN ${value} ~* '\\.[a-z0-9]{2,5}$' OR ${value} ~* '(^|[^a-z])(report|contract|invoice|estimate)s?([^a-z]|$)' THEN 'Unnamed Client'
    ELSE ${value} END)`;
}

/** A task's heading (fast dashboard, home): its job's title, else the cleaned client name, else its description. */
export function taskTitleSql(opts: { jobTitle: SQL; clientName: SQL; description: SQL; userId: string }): SQL {
  return sql`coalesce(nullif(${opts.jobTitle}, ''),
    CASE WHEN nullif(btrim(${opts.clientName}), '') IS NOT NULL THEN ${cleanClientNameSql(opts.clientName, opts.userId)} END,
    left(${opts.description}, 80))`;
}
