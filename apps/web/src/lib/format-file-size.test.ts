import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size';

describe('formatFileSize (Bytes/KB/MB/GB on a 1024 base)', () => {
  it('keeps small sizes in Bytes', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
  });

  it('switches unit at each power of 1024 and keeps two decimals at most', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(2_345_678)).toBe('2.24 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1 GB');
    expect(formatFileSize(3.5 * 1024 ** 3)).toBe('3.5 GB');
  });

  it('stays in GB past a terabyte', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048 GB');
  });

  it('gives nothing for unknown or nonsense sizes', () => {
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize(-5)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
