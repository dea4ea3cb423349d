/**
 * Splits a stream of text chunks into newline-delimited lines (NDJSON). A network chunk may end in the middle of a
 * line — or of a "\r\n" — so the unfinished tail is held until the next chunk (or `flush` at the end of the stream).
 * Blank lines are dropped.
 */
export function createLineSplitter() {
  let pending = '';
  const complete = (lines: string[]) => lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)).filter((l) => l.trim() !== '');
  return {
    /** The lines this chunk finished (possibly none). */
    push(chunk: string): string[] {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      return complete(parts);
    },
    /** Whatever is left when the stream ends: a last line without its newline. */
    flush(): string[] {
      const rest = pending;
      pending = '';
      return complete([rest]);
    },
  };
}
