/**
 * Pure text helpers for search results: which words matched, a short excerpt with them in <b>…</b>, and the
 * human reason. PostgreSQL finds and ranks the rows; these explain a row to the user.
 */

import { escapeHtml } from '../../platform/html';

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

/**
 * What every word matching `term` (isDirectMatchAt) begins with: the term itself, or its first characters down to 4
 * fewer and at least 3.
 */
function matchPrefix(term: string): string {
  return term.slice(0, Math.max(3, term.length - 4));
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The text lower-cased character by character, each keeping its length, so a place found in it is the same place in
 * the text: `toLowerCase` makes 'İ' two characters ('i̇'), and an excerpt cut at those places marked "r<b>oof </b>"
 * after it. The few characters whose lower case is longer stay as they are.
 */
function lowerInPlace(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** The length of the character at `i` if it is part of a word (WORD), else 0. */
function wordCharAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) ? 1 : 0;
  const point = text.codePointAt(i)!;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}

/** Whether a word character ends right before `i` (a surrogate pair read whole). */
function wordCharBefore(text: string, i: number): boolean {
  if (i <= 0) return false;
  const low = text.charCodeAt(i - 1);
  return low >= 0xdc00 && low <= 0xdfff && i >= 2 ? wordCharAt(text, i - 2) === 2 : wordCharAt(text, i - 1) === 1;
}

/** The end of the word that starts at `start`. */
function wordEnd(text: string, start: number): number {
  let end = start;
  for (let n = wordCharAt(text, end); n > 0; n = wordCharAt(text, end)) end += n;
  return end;
}

/**
 * The first word of `lower` (lower-case text) that matches `target` (isDirectMatchAt), read at the places where what
 * every such word begins with occurs — no word before it is cut out or compared.
 */
function firstMatchingWord(lower: string, target: string): string | null {
  const prefix = matchPrefix(target);
  for (let at = lower.indexOf(prefix); at !== -1; at = lower.indexOf(prefix, at + 1)) {
    if (wordCharBefore(lower, at)) continue;
    const end = wordEnd(lower, at);
    if (isDirectMatchAt(lower, at, end, target)) return lower.slice(at, end);
  }
  return null;
}

/**
 * Whether the word lower[at, end) matches `target` directly: the same, or one the start of the other by at most 4
 * characters, the shorter at least 3 ('roofs', 'roofing' for 'roof'). Read in place: most words read are not a match.
 */
function isDirectMatchAt(lower: string, at: number, end: number, target: string): boolean {
  const length = end - at;
  if (length === target.length) return lower.startsWith(target, at);
  const shorter = Math.min(length, target.length);
  if (shorter < 3 || Math.abs(length - target.length) > 4) return false;
  // The shorter of the two is the start of the longer.
  for (let i = 0; i < shorter; i++) if (lower.charCodeAt(at + i) !== target.charCodeAt(i)) return false;
  return true;
}

export type WordMatch = { term: string; word: string; similarity: number; direct: boolean };

/** What a text without any match gives (shared, never changed). */
const NO_MATCHES: readonly WordMatch[] = [];
/** A similar dictionary word of a term, its similarity to it, and the highest similarity from it to the list's end. */
type Alternative = { word: string; similarity: number; bestFrom: number };
const NO_ALTERNATIVES: readonly Alternative[] = [];

/** A query term's similar dictionary words, most similar first (the similar-word search's, from PostgreSQL). */
export type SimilarWords = Readonly<Record<string, readonly string[]>>;

/**
 * A query's terms, made once for every hit of a search. A term's match in a field is found where the term's first
 * letters occur (firstMatchingWord), so a field is not cut into words; only a term matched by no word of the field
 * is compared with its words by trigrams, each distinct word of the search once (a page of hits shares most of its
 * words). Reading each field word by word, with two trigram sets per word and term, cost a search ~150 µs of the
 * server's CPU, comparing again at every hit ~45 µs more on "plumbng"; cutting the words out (a match object and a
 * string each) allocated ~90 kB a search on "plumbng" — as much as the statements' rows (issue 37).
 *
 * A misspelled term comes with the dictionary words PostgreSQL searched with in its place (`similar`, most similar
 * first): a hit of that search holds one of them, so the text's first word matching the most similar one it holds
 * is its match, found as cheaply as a direct one. That leaves the trigram comparison to the words PostgreSQL matched
 * by a stem that is no prefix ('happi' for 'happy').
 */
export class QueryTerms {
  readonly terms: string[];
  /** Per term with similar dictionary words: those words, most similar first, with their similarity to the term. */
  private readonly similar = new Map<string, Alternative[]>();
  /** Per term without a direct match: its trigrams, and its similarity to each word compared so far. */
  private readonly fuzzy = new Map<string, { trigrams: Set<string>; similarity: Map<string, number> }>();

  constructor(
    readonly text: string,
    similarWords: SimilarWords = {},
  ) {
    // Lower-cased as the fields are (lowerInPlace), so a term and the same word in a text compare equal.
    this.terms = [...new Set(lowerInPlace(text).match(WORD))];
    for (const term of this.terms) {
      const alternatives = similarWords[term];
      if (alternatives?.length) {
        const scored = alternatives.map((word) => ({ word, similarity: trigramSimilarity(word, term), bestFrom: 0 }));
        for (let i = scored.length - 1, best = -1; i >= 0; i--) scored[i]!.bestFrom = best = Math.max(best, scored[i]!.similarity);
        this.similar.set(term, scored);
      }
    }
  }

  /**
   * The best match of each term among the text's words, in the terms' order: its first direct match; else the first
   * word matching the most similar of its dictionary words the text holds; else, with `closest`, its most similar
   * word (≥ 0.3).
   */
  match(text: string, closest = true, beat = -1): readonly WordMatch[] {
    const lower = lowerInPlace(text);
    // Most fields match nothing: no array is made for them. (Indexed loops here and below: for…of made an iterator
    // each time in these functions, ~10 kB a search on "plumbng" — issue 37.)
    let matches: WordMatch[] | null = null;
    let distinct: Set<string> | null = null;
    for (let t = 0; t < this.terms.length; t++) {
      const term = this.terms[t]!;
      const word = firstMatchingWord(lower, term);
      if (word !== null) {
        (matches ??= []).push({ term, word, similarity: 1, direct: true });
        continue;
      }
      const viaSimilar = this.firstSimilar(lower, term, beat);
      if (viaSimilar) {
        (matches ??= []).push(viaSimilar);
        continue;
      }
      if (!closest) continue;
      // Neither: every word of the text, in order of first appearance; the first most similar wins.
      distinct ??= new Set(lower.match(WORD));
      let best: WordMatch | null = null;
      const ofTerm = this.fuzzyOf(term);
      for (const w of distinct) {
        let similarity = ofTerm.similarity.get(w);
        if (similarity === undefined) ofTerm.similarity.set(w, (similarity = similarityOfTrigrams(trigrams(w), ofTerm.trigrams)));
        if (!best || similarity > best.similarity) best = { term, word: w, similarity, direct: false };
      }
      if (best && best.similarity >= 0.3) (matches ??= []).push(best);
    }
    return matches ?? NO_MATCHES;
  }

  /**
   * The text's first word matching the most similar of the term's dictionary words it holds. Not looked for further
   * once none left is more similar than `beat`: the caller keeps an earlier field's match unless a later one is more
   * similar, so whichever of them the text holds would be dropped.
   */
  private firstSimilar(lower: string, term: string, beat: number): WordMatch | null {
    const alternatives = this.similar.get(term) ?? NO_ALTERNATIVES;
    for (let i = 0; i < alternatives.length; i++) {
      const alternative = alternatives[i]!;
      if (alternative.bestFrom <= beat) break;
      const word = firstMatchingWord(lower, alternative.word);
      if (word !== null) return { term, word, similarity: alternative.similarity, direct: false };
    }
    return null;
  }

  private fuzzyOf(term: string): { trigrams: Set<string>; similarity: Map<string, number> } {
    let entry = this.fuzzy.get(term);
    if (!entry) this.fuzzy.set(term, (entry = { trigrams: trigrams(term), similarity: new Map() }));
    return entry;
  }
}

/**
 * About `radius` characters either side of the first matched word, HTML-escaped, matched words in <b>…</b>,
 * with '…' where text was cut.
 */
export function buildExcerpt(text: string, matchedWords: string[], radius = 80): string {
  // Runs of white space as one space; most texts (a title, a name) have none to fold and are kept as they are.
  const clean = /[^\S ]| {2}|^ | $/.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
  if (!clean) return '';
  const lower = lowerInPlace(clean);
  // Each marked word where it stands whole, found where it occurs (the text is not cut into words); the excerpt ends
  // at most `radius` characters after the first, so occurrences past that are not looked for.
  const wanted: string[] = [];
  for (let i = 0; i < matchedWords.length; i++) {
    const word = lowerInPlace(matchedWords[i]!);
    if (word && !wanted.includes(word)) wanted.push(word);
  }
  let first = -1;
  let firstLength = 0;
  for (let i = 0; i < wanted.length; i++) {
    const word = wanted[i]!;
    const at = wholeWordAt(lower, word, 0);
    if (at !== -1 && (first === -1 || at < first)) {
      first = at;
      firstLength = word.length;
    }
  }
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < wanted.length; i++) {
    const word = wanted[i]!;
    for (let at = wholeWordAt(lower, word, first); first !== -1 && at !== -1 && at < first + radius + firstLength; at = wholeWordAt(lower, word, at + word.length)) {
      spans.push([at, at + word.length]);
    }
  }
  if (wanted.length > 1) spans.sort((x, y) => x[0] - y[0]);
  if (first === -1) first = 0;
  let start = Math.max(0, first - radius);
  let end = Math.min(clean.length, first + radius + firstLength);
  // Do not cut words in half.
  if (start > 0) start = clean.indexOf(' ', start) + 1 || start;
  if (end < clean.length) end = clean.lastIndexOf(' ', end) > first ? clean.lastIndexOf(' ', end) : end;
  let out = start > 0 ? '…' : '';
  let pos = start;
  for (let i = 0; i < spans.length; i++) {
    const [s, e] = spans[i]!;
    if (s < start || e > end) continue;
    out += `${escapeHtml(clean.slice(pos, s))}<b>${escapeHtml(clean.slice(s, e))}</b>`;
    pos = e;
  }
  out += escapeHtml(clean.slice(pos, end));
  return end < clean.length ? `${out}…` : out;
}

/** Where `word` next stands whole in `lower` at or after `from` (no letter or digit either side), or -1. */
function wholeWordAt(lower: string, word: string, from: number): number {
  for (let at = lower.indexOf(word, from); at !== -1; at = lower.indexOf(word, at + 1)) {
    if (!wordCharBefore(lower, at) && wordCharAt(lower, at + word.length) === 0) return at;
  }
  return -1;
}

export type SearchField = { label: string; text: string | null };

export type Explanation = { excerpt: string; match_reason: string };

/**
 * Explains a hit: the first field holding a direct match gives 'Matched "roof" in description'; otherwise the
 * closest word anywhere gives 'Similar to "plumbing"' — a word matching one of the similar dictionary words the
 * search ran with when a field holds one (no other word of any field is closer: the dictionary holds them all), else
 * the most similar word by trigrams. The excerpt comes from that field.
 */
export function explainMatch(terms: QueryTerms, fields: SearchField[]): Explanation {
  let fuzzy: WordMatch | null = null;
  let fuzzyField: SearchField | null = null;
  // First the direct matches and the similar words' (found where they occur); only when no field holds either, the
  // closest words by trigrams (every word of every field read).
  for (let pass = 0; pass < 2; pass++) {
    const closest = pass === 1;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f]!;
      if (!field.text) continue;
      // A similar word no more similar than the match already found cannot replace it: not looked for.
      const matches = terms.match(field.text, closest, fuzzy?.similarity ?? -1);
      if (!closest && hasDirect(matches)) {
        // The excerpt marks every term's word: a term matched by neither gets its closest (read again: rare).
        const marked = matches.length < terms.terms.length ? terms.match(field.text) : matches;
        return { excerpt: buildExcerpt(field.text, marked.map((m) => m.word)), match_reason: `Matched "${directTerms(matches)}" in ${field.label}` };
      }
      for (let i = 0; i < matches.length; i++) {
        const m = matches[i]!;
        if (fuzzy && m.similarity <= fuzzy.similarity) continue;
        fuzzy = m;
        fuzzyField = field;
      }
    }
    const found = fuzzy as WordMatch | null;
    if (found && fuzzyField?.text) return { excerpt: buildExcerpt(fuzzyField.text, [found.word]), match_reason: `Similar to "${found.word}"` };
  }
  // Matched through stemming we cannot see word by word (e.g. 'ran' ~ 'running'): say so plainly.
  const firstText = fields.find((f) => f.text)?.text ?? '';
  return { excerpt: buildExcerpt(firstText, []), match_reason: `Matched "${terms.text.trim()}"` };
}

/** The directly matched terms, as the reason names them: 'roof", "gutter'. */
function directTerms(matches: readonly WordMatch[]): string {
  let out = '';
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!;
    if (m.direct) out = out ? `${out}", "${m.term}` : m.term;
  }
  return out;
}

function hasDirect(matches: readonly WordMatch[]): boolean {
  for (let i = 0; i < matches.length; i++) if (matches[i]!.direct) return true;
  return false;
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
