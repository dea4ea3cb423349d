import { describe, expect, it, vi } from 'vitest';
import { isChunkError, loadRoute } from './load-route';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/tasks-abc.js');

describe('loadRoute', () => {
  it('fetches a route’s code again when the fetch failed, and the page opens', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkFailure()).mockResolvedValueOnce({ default: 'Tasks' });
    await expect(loadRoute(load, { waitMs: 1 })).resolves.toEqual({ default: 'Tasks' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after its tries with the browser’s error, which the error page reads as an update', async () => {
    const load = vi.fn().mockRejectedValue(chunkFailure());
    const failed = await loadRoute(load, { tries: 3, waitMs: 1 }).catch((e: unknown) => e);
    expect(isChunkError(failed)).toBe(true);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not fetch again for an error in the module’s own code', async () => {
    const load = vi.fn().mockRejectedValue(new ReferenceError('x is not defined'));
    await expect(loadRoute(load, { waitMs: 1 })).rejects.toThrow('x is not defined');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
