import { describe, expect, it } from 'vitest';
import { createLineSplitter } from './ndjson';

/** Feeds `chunks` through one splitter and returns every line it produced, in order. */
function splitAll(chunks: string[]): string[] {
  const splitter = createLineSplitter();
  return [...chunks.flatMap((c) => splitter.push(c)), ...splitter.flush()];
}

const LINES = ['{"type":"start","n":1}', '{"type":"delta","text":"Roof [1]\\n"}', '{"type":"done"}'];
const BODY = LINES.map((l) => `${l}\n`).join('');

describe('createLineSplitter', () => {
  it('gives whole lines when every chunk is one line', () => {
    expect(splitAll(LINES.map((l) => `${l}\n`))).toEqual(LINES);
  });

  it('joins a line cut anywhere — at every possible boundary of the body', () => {
    for (let cut = 0; cut <= BODY.length; cut++) {
      expect(splitAll([BODY.slice(0, cut), BODY.slice(cut)])).toEqual(LINES);
    }
  });

  it('survives a body delivered one character at a time', () => {
    expect(splitAll([...BODY])).toEqual(LINES);
  });

  it('holds an unfinished line until the next chunk completes it', () => {
    const splitter = createLineSplitter();
    expect(splitter.push('{"type":"st')).toEqual([]);
    expect(splitter.push('art"}\n{"type"')).toEqual(['{"type":"start"}']);
    expect(splitter.push(':"done"}\n')).toEqual(['{"type":"done"}']);
    expect(splitter.flush()).toEqual([]);
  });

  it('keeps a last line sent without its newline, drops blank lines and strips \\r of \\r\\n split across chunks', () => {
    expect(splitAll(['a\r', '\n\n', '\r\nb\r\n', 'c'])).toEqual(['a', 'b', 'c']);
  });
});
