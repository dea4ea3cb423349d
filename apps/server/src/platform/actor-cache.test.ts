import { describe, expect, it } from 'vitest';
import { ACTOR_TTL_MS, ActorCache } from './actor-cache';
import type { Actor } from './auth-guard';

const actor = (over: Partial<Actor> = {}): Actor => ({
  userId: 'u1',
  email: 'a@example.com',
  role: 'user',
  workspaceId: 'w1',
  sessionId: 's1',
  aal: 'aal1',
  ...over,
});

function enabledCache() {
  let now = 1_000;
  const cache = new ActorCache(() => now);
  cache.enable();
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('ActorCache', () => {
  it('answers nothing until its listener is listening', () => {
    const cache = new ActorCache();
    cache.remember(actor(), cache.epoch);
    cache.enable();
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('remembers a session for its user until the TTL has passed', () => {
    const { cache, advance } = enabledCache();
    cache.remember(actor(), cache.epoch);
    expect(cache.get('s1', 'u1')).toEqual(actor());
    // A token of another user naming this session id is not answered from the cache.
    expect(cache.get('s1', 'u2')).toBeUndefined();
    cache.remember(actor(), cache.epoch);
    advance(ACTOR_TTL_MS - 1);
    expect(cache.get('s1', 'u1')).toBeDefined();
    advance(1);
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('hands out frozen copies, so no request can change what the next one sees', () => {
    const { cache } = enabledCache();
    const original = actor();
    cache.remember(original, cache.epoch);
    original.role = 'admin';
    const remembered = cache.get('s1', 'u1')!;
    expect(remembered.role).toBe('user');
    expect(Object.isFrozen(remembered)).toBe(true);
  });

  it('forgets every session of a user it is told about, and only those', () => {
    const { cache } = enabledCache();
    cache.remember(actor(), cache.epoch);
    cache.remember(actor({ sessionId: 's2' }), cache.epoch);
    cache.remember(actor({ userId: 'u2', sessionId: 's3' }), cache.epoch);
    cache.forgetUser('u1');
    expect(cache.get('s1', 'u1')).toBeUndefined();
    expect(cache.get('s2', 'u1')).toBeUndefined();
    expect(cache.get('s3', 'u2')).toBeDefined();
  });

  it('does not remember a lookup that was in flight while something was forgotten', () => {
    const { cache } = enabledCache();
    const epoch = cache.epoch; // lookup starts: reads the session row…
    cache.forgetUser('u1'); // …the logout commits and its notification arrives…
    cache.remember(actor(), epoch); // …then the (now stale) lookup finishes.
    expect(cache.get('s1', 'u1')).toBeUndefined();
    cache.remember(actor(), cache.epoch);
    cache.forgetAll();
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('empties itself and stays off while the listener is lost', () => {
    const { cache } = enabledCache();
    cache.remember(actor(), cache.epoch);
    cache.disable();
    expect(cache.isEnabled).toBe(false);
    cache.remember(actor(), cache.epoch);
    cache.enable();
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });
});
