import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { groupIdsOfMemberSql } from '../groups';

/** A contact the assistant may cite (the assistant's Candidate shape: its kind's rank in `score`). */
export type ContactCandidate = {
  type: 'contact';
  id: string;
  title: string | null;
  body: string | null;
  job_id: null;
  extra: string | null;
  email: string | null;
  score: number;
};

/** At most this many contacts are offered as candidates. */
const CONTACT_CANDIDATES = 15;
/** word_similarity from which a word of the question is taken for a misspelt name ('Hendersen' → 'Henderson'). */
const NAME_SIMILARITY = 0.6;
/**
 * A contact matching every word of the question ranks like a good full-text match (ts_rank_cd ≈ 0.1 for the other
 * kinds): a name found in a contact should not crowd out the jobs, calls and documents that mention it too.
 */
const CONTACT_RANK = 0.1;

/** Phone numbers written in the question ('(512) 555-0100', '+1 512.555.0100'), as their last ten digits. */
export function phoneTerms(question: string): string[] {
  const found = question.match(/\+?\d[\d\s().-]{8,16}\d/g) ?? [];
  return found.map((p) => p.replace(/\D/g, '').slice(-10)).filter((d) => d.length === 10);
}

/**
 * The contacts feature's part of the assistant's retrieval (features/assistant/retrieve.ts). Contacts the caller may open that the question names — by a word of their name or email (whole words, or a
 * misspelt name by trigram word similarity) or by (part of) their phone number: their own contacts and those
 * shared with a group they are in (as the contacts feature shows them); with a group chosen, only the contacts
 * shared with that group. Contacts are a few hundred per user at most, so they are matched row by row (no index
 * beyond the owner's and shared_contacts' own). The score is the share of the question's words a contact matches,
 * scaled to the other kinds' rank (CONTACT_RANK).
 */
export async function contactCandidates(db: Db, scope: { userId: string; groupId: string | null }, personWords: readonly string[], question: string): Promise<ContactCandidate[]> {
  // Words that say something about a person (the caller leaves out stop words and short words), and phone numbers.
  const words = [...new Set([...personWords, ...phoneTerms(question)])];
  if (words.length === 0) return [];
  // Which contacts could match at all, through the trigram index on name + email (contacts_search_trgm_idx): a
  // word inside them, or (four letters or more) a word like one of theirs — word_similarity at pg_trgm's default
  // threshold, the NAME_SIMILARITY the score uses; a number inside the phone. Only these few are scored below.
  const text = sql`(c.name || ' ' || coalesce(c.email, ''))`;
  const may = sql.join(
    words.map((w) =>
      /^[0-9]+$/.test(w)
        ? sql`strpos(c.phone_number, ${w}) > 0`
        : w.length >= 4
          ? sql`${text} ILIKE ${`%${w}%`} OR ${text} %> ${w}`
          : sql`${text} ILIKE ${`%${w}%`}`,
    ),
    sql` OR `,
  );
  const visible = scope.groupId
    ? sql`SELECT c.id FROM shared_contacts sc JOIN contacts c ON c.id = sc.contact_id WHERE sc.group_id = ${scope.groupId} AND (${may})`
    : sql`SELECT c.id FROM contacts c WHERE c.owner_id = ${scope.userId} AND (${may})
          UNION SELECT c.id FROM shared_contacts sc JOIN contacts c ON c.id = sc.contact_id
           WHERE sc.group_id IN (${groupIdsOfMemberSql(scope.userId)}) AND (${may})`;
  return queryRows<ContactCandidate>(
    db,
    // MATERIALIZED: computed once, not again for every contact the lateral join scores.
    sql`WITH terms AS MATERIALIZED (SELECT unnest(string_to_array(${words.join(' ')}, ' ')) AS term),
      visible AS (${visible})
      SELECT 'contact' AS type, c.id, c.name AS title, concat_ws(' — ', c.name, c.phone_number, c.email) AS body,
             NULL AS job_id, c.phone_number AS extra, c.email, m.score * ${CONTACT_RANK} AS score
        FROM contacts c JOIN visible v ON v.id = c.id
        CROSS JOIN LATERAL (
          SELECT avg(CASE
              WHEN t.term ~ '^[0-9]+$' THEN CASE WHEN length(t.term) >= 4 AND strpos(c.phone_number, t.term) > 0 THEN 1 ELSE 0 END
              WHEN c.name ~* ('\\m' || t.term || '\\M') OR coalesce(c.email, '') ~* ('\\m' || t.term || '\\M') THEN 1
              WHEN length(t.term) >= 4 AND word_similarity(t.term, c.name) >= ${NAME_SIMILARITY} THEN word_similarity(t.term, c.name)
              ELSE 0 END)::float8 AS score
            FROM terms t) m
       WHERE m.score > 0
       ORDER BY m.score DESC, c.name
       LIMIT ${CONTACT_CANDIDATES}`,
  );
}
