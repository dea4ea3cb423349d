import { formatPhoneInput } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { caretAfterFormat } from './phone-caret';

/** Types over `value` at `caret` the way an input does (deleting `remove` chars before it), then formats. */
function edit(value: string, caret: number, insert: string, remove = 0) {
  const typed = value.slice(0, caret - remove) + insert + value.slice(caret);
  const formatted = formatPhoneInput(typed);
  return { formatted, caret: caretAfterFormat(typed, caret - remove + insert.length, formatted) };
}

describe('caretAfterFormat', () => {
  it('keeps the caret at the end while typing forward', () => {
    expect(edit('(512) 555-987', 13, '6')).toEqual({ formatted: '(512) 555-9876', caret: 14 });
    expect(edit('(512', 4, '5')).toEqual({ formatted: '(512) 5', caret: 7 });
  });

  it('keeps the caret where a digit was deleted in the middle', () => {
    // "(512) 5|55-9876": Backspace deletes the 5 before the caret; the caret stays after "512".
    expect(edit('(512) 555-9876', 7, '', 1)).toEqual({ formatted: '(512) 559-876', caret: 4 });
  });

  it('keeps the caret after a digit inserted in the middle', () => {
    expect(edit('(512) 559-876', 4, '5')).toEqual({ formatted: '(512) 555-9876', caret: 7 });
  });

  it('puts the caret after the opening parenthesis when no digit precedes it', () => {
    expect(edit('(512) 555-9876', 2, '', 1)).toEqual({ formatted: '(125) 559-876', caret: 1 });
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });
});
