import { describe, expect, it } from 'vitest';
import { nextSelection, withGroupSelected } from './selection';

describe('contact picker selection', () => {
  it('is unlimited by default and toggles', () => {
    expect(nextSelection(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c', 'd']);
    expect(nextSelection(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('refuses picks beyond the maximum but still allows removing', () => {
    expect(nextSelection(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(nextSelection(['a', 'b'], 'b', 2)).toEqual(['a']);
    expect(nextSelection(['a'], 'b', 2)).toEqual(['a', 'b']);
  });

  it('with a maximum of one, a new pick replaces the old', () => {
    expect(nextSelection(['a'], 'b', 1)).toEqual(['b']);
    expect(nextSelection(['a'], 'a', 1)).toEqual([]);
  });

  it('adds a contact group after the chosen ones, once each, up to the maximum; a single choice takes its first', () => {
    expect(withGroupSelected(['a'], ['b', 'a', 'c'])).toEqual(['a', 'b', 'c']);
    expect(withGroupSelected(['a'], ['b', 'c', 'd'], 3)).toEqual(['a', 'b', 'c']);
    expect(withGroupSelected(['a'], ['b', 'c'], 1)).toEqual(['b']);
    expect(withGroupSelected(['a'], [], 1)).toEqual(['a']);
  });
});
