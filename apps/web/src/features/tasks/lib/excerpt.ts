/** A piece of a search excerpt: the server wraps matched words in <b>…</b> (ts_headline). */
export type ExcerptPart = { text: string; isMatch: boolean };

/**
 * Splits an excerpt on its <b>…</b> marks so it renders as text nodes — never as HTML, since the excerpt
 * quotes user-written descriptions verbatim.
 */
export function parseExcerpt(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const re = /<b>([\s\S]*?)<\/b>/gi;
  let last = 0;
  for (let m = re.exec(excerpt); m; m = re.exec(excerpt)) {
    if (m.index > last) parts.push({ text: excerpt.slice(last, m.index), isMatch: false });
    if (m[1]) parts.push({ text: m[1], isMatch: true });
    last = m.index + m[0].length;
  }
  if (last < excerpt.length) parts.push({ text: excerpt.slice(last), isMatch: false });
  return parts;
}
