import { describe, expect, it } from 'vitest';
import { comparisonBars, formatRequests, formatSeconds, improvementLabel } from './performance';

describe('performance comparison helpers', () => {
  it('formats seconds', () => {
    expect(formatSeconds(0.018894)).toBe('0.019 s');
    expect(formatSeconds(0.00123)).toBe('0.0012 s');
    expect(formatSeconds(1.5)).toBe('1.500 s');
    expect(formatSeconds(0)).toBe('0.000 s');
    expect(formatSeconds(Number.NaN)).toBe('—');
  });

  it('counts requests', () => {
    expect(formatRequests(1)).toBe('1 request');
    expect(formatRequests(2)).toBe('2 requests');
  });

  it('draws bars relative to the slower path', () => {
    expect(comparisonBars({ optimized: { time_seconds: 0.02, requests: 1 }, original: { time_seconds: 0.08, requests: 2 } })).toEqual({ optimized: 25, original: 100 });
    expect(comparisonBars({ optimized: { time_seconds: 0, requests: 1 }, original: { time_seconds: 0, requests: 2 } })).toEqual({ optimized: 0, original: 0 });
  });

  it('reports the measured improvement honestly', () => {
    expect(improvementLabel(71.7)).toBe('71.7% faster');
    expect(improvementLabel(-12.34)).toBe('12.3% slower');
    expect(improvementLabel(0.01)).toBe('About the same speed');
  });
});
