/** A piece of a search excerpt: plain text or a matched word. */
export type ExcerptPart = { text: string; isMatch: boolean };

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

function unescapeHtml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Splits the server's excerpt (HTML-escaped text, matched words in <b>…</b>) into parts React renders as
 * text — never as HTML, so a job description cannot inject markup.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const re = /<b>(.*?)<\/b>/gs;
  let pos = 0;
  for (let m = re.exec(excerpt); m; m = re.exec(excerpt)) {
    if (m.index > pos) parts.push({ text: unescapeHtml(excerpt.slice(pos, m.index)), isMatch: false });
    parts.push({ text: unescapeHtml(m[1] ?? ''), isMatch: true });
    pos = m.index + m[0].length;
  }
  if (pos < excerpt.length) parts.push({ text: unescapeHtml(excerpt.slice(pos)), isMatch: false });
  return parts;
}
