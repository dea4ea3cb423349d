import { sql, type SQL } from 'drizzle-orm';

/** SQL expression for another feature's statement: the account email of `userId` (users, by primary key), or null. */
export function userEmailSql(userId: SQL): SQL {
  return sql`(SELECT u.email FROM users u WHERE u.id = ${userId})`;
}
