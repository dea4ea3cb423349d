/**
 * Pure text helpers for search results: which words matched, a short excerpt with them in <b>…</b>, and the
 * human reason. PostgreSQL finds and ranks the rows; these explain a row to the user.
 */

/** A word as pg_trgm sees it: a run of letters or digits. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Words as pg_trgm sees them, lower-cased. */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

function similarityOfTrigrams(ta: Set<string>, tb: Set<string>): number {
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  const union = ta.size + tb.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** pg_trgm's similarity() of two single words (shared trigrams / all trigrams). */
export function trigramSimilarity(a: string, b: string): number {
  return similarityOfTrigrams(trigrams(a.toLowerCase()), trigrams(b.toLowerCase()));
}

/** A word of the text matches a query term exactly or by stem-like prefix ('roofs', 'roofing' for 'roof'). */
function isDirectMatch(word: string, term: string): boolean {
  if (word === term) return true;
  const shorter = word.length < term.length ? word : term;
  const longer = shorter === word ? term : word;
  return shorter.length >= 3 && longer.startsWith(shorter) && longer.length - shorter.length <= 4;
}

export type WordMatch = { term: string; word: string; similarity: number; direct: boolean };

/**
 * A query's terms, made once for every hit of a search: each field's words are read only until every term has a
 * direct match, and a term without one is compared with each distinct word of the search once (a page of hits
 * shares most of its words). Reading each field whole and building two trigram sets per word and term cost a
 * search ~150 µs of the server's CPU; comparing again at every hit, ~45 µs more on "plumbng" (issue 37).
 */
export class QueryTerms {
  readonly terms: string[];
  /** Per term without a direct match: its trigrams, and its similarity to each word compared so far. */
  private readonly fuzzy = new Map<string, { trigrams: Set<string>; similarity: Map<string, number> }>();

  constructor(readonly text: string) {
    this.terms = [...new Set(words(text))];
  }

  /** The best match of each term among the text's words: its first direct match, else its most similar word (≥ 0.3). */
  match(text: string): WordMatch[] {
    const direct = new Map<string, string>();
    const seen = new Set<string>();
    for (const m of text.toLowerCase().matchAll(WORD)) {
      const word = m[0];
      if (seen.has(word)) continue;
      seen.add(word);
      for (const term of this.terms) if (!direct.has(term) && isDirectMatch(word, term)) direct.set(term, word);
      if (direct.size === this.terms.length) break;
    }
    const matches: WordMatch[] = [];
    for (const term of this.terms) {
      const word = direct.get(term);
      if (word !== undefined) {
        matches.push({ term, word, similarity: 1, direct: true });
        continue;
      }
      // No direct match: every word of the text was read, in order of first appearance; the first most similar wins.
      let best: WordMatch | null = null;
      const ofTerm = this.fuzzyOf(term);
      for (const w of seen) {
        let similarity = ofTerm.similarity.get(w);
        if (similarity === undefined) ofTerm.similarity.set(w, (similarity = similarityOfTrigrams(trigrams(w), ofTerm.trigrams)));
        if (!best || similarity > best.similarity) best = { term, word: w, similarity, direct: false };
      }
      if (best && best.similarity >= 0.3) matches.push(best);
    }
    return matches;
  }

  private fuzzyOf(term: string): { trigrams: Set<string>; similarity: Map<string, number> } {
    let entry = this.fuzzy.get(term);
    if (!entry) this.fuzzy.set(term, (entry = { trigrams: trigrams(term), similarity: new Map() }));
    return entry;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * About `radius` characters either side of the first matched word, HTML-escaped, matched words in <b>…</b>,
 * with '…' where text was cut.
 */
export function buildExcerpt(text: string, matchedWords: string[], radius = 80): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const lower = clean.toLowerCase();
  const wanted = new Set(matchedWords.map((w) => w.toLowerCase()));
  const spans: Array<[number, number]> = [];
  // The excerpt ends at most `radius` characters after the first match: words past that are not read.
  let last = Infinity;
  for (const m of lower.matchAll(WORD)) {
    if (m.index >= last) break;
    if (!wanted.has(m[0])) continue;
    if (spans.length === 0) last = m.index + radius + m[0].length;
    spans.push([m.index, m.index + m[0].length]);
  }
  const first = spans[0]?.[0] ?? 0;
  let start = Math.max(0, first - radius);
  let end = Math.min(clean.length, first + radius + (spans[0] ? spans[0][1] - spans[0][0] : 0));
  // Do not cut words in half.
  if (start > 0) start = clean.indexOf(' ', start) + 1 || start;
  if (end < clean.length) end = clean.lastIndexOf(' ', end) > first ? clean.lastIndexOf(' ', end) : end;
  let out = '';
  let pos = start;
  for (const [s, e] of spans) {
    if (s < start || e > end) continue;
    out += `${escapeHtml(clean.slice(pos, s))}<b>${escapeHtml(clean.slice(s, e))}</b>`;
    pos = e;
  }
  out += escapeHtml(clean.slice(pos, end));
  return `${start > 0 ? '…' : ''}${out}${end < clean.length ? '…' : ''}`;
}

export type SearchField = { label: string; text: string | null };

export type Explanation = { excerpt: string; match_reason: string };

/**
 * Explains a hit: the first field holding a direct match gives 'Matched "roof" in description'; otherwise the
 * closest word anywhere gives 'Similar to "plumbing"'. The excerpt comes from that field.
 */
export function explainMatch(terms: QueryTerms, fields: SearchField[]): Explanation {
  let fuzzy: { field: SearchField; match: WordMatch } | null = null;
  for (const field of fields) {
    if (!field.text) continue;
    const matches = terms.match(field.text);
    const direct = matches.filter((m) => m.direct);
    if (direct.length) {
      return {
        excerpt: buildExcerpt(field.text, matches.map((m) => m.word)),
        match_reason: `Matched "${direct.map((m) => m.term).join('", "')}" in ${field.label}`,
      };
    }
    for (const m of matches) if (!fuzzy || m.similarity > fuzzy.match.similarity) fuzzy = { field, match: m };
  }
  if (fuzzy) {
    return { excerpt: buildExcerpt(fuzzy.field.text!, [fuzzy.match.word]), match_reason: `Similar to "${fuzzy.match.word}"` };
  }
  // Matched through stemming we cannot see word by word (e.g. 'ran' ~ 'running'): say so plainly.
  const firstText = fields.find((f) => f.text)?.text ?? '';
  return { excerpt: buildExcerpt(firstText, []), match_reason: `Matched "${terms.text.trim()}"` };
}

/** 'Found 3 tasks and 1 job matching "roof"' / 'No results found for "roof"'. */
export function searchSummary(queryText: string, counts: { jobs: number; tasks: number; documents?: number; recordings?: number; photos?: number }, countCap = Infinity): string {
  const q = queryText.trim();
  const parts: string[] = [];
  // A count that reached the cap is a lower bound: '1000+ tasks'.
  const plural = (n: number, one: string) => `${n}${n >= countCap ? '+' : ''} ${one}${n === 1 ? '' : 's'}`;
  if (counts.tasks) parts.push(plural(counts.tasks, 'task'));
  if (counts.jobs) parts.push(plural(counts.jobs, 'job'));
  if (counts.documents) parts.push(plural(counts.documents, 'document'));
  if (counts.recordings) parts.push(plural(counts.recordings, 'recording'));
  if (counts.photos) parts.push(plural(counts.photos, 'photo'));
  if (!parts.length) return `No results found for "${q}"`;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `Found ${list} matching "${q}"`;
}
