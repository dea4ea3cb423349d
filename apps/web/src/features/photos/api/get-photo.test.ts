import { describe, expect, it } from 'vitest';
import { makePhoto } from '../components/photo-fixtures';
import { photosToWatch, PROCESSING_WATCH_AGE_MS } from './get-photo';

const markup = (render_status: 'none' | 'rendering' | 'ready' | 'failed', updated_at: string) => ({ version: 1, shapes: [], updated_by: null, updated_at, render_status, render_error: null, rendered_url: null, rendered_thumbnail_url: null });

describe('photosToWatch', () => {
  const now = Date.parse('2026-03-14T16:00:00.000Z');
  const recent = new Date(now - 60_000).toISOString();
  const old = new Date(now - PROCESSING_WATCH_AGE_MS - 1).toISOString();

  it('watches a photo whose thumbnail or whose markup rendering is being made, recently — so the marked-up thumbnail replaces the plain one without a reload', () => {
    const photos = [
      makePhoto(1, { status: 'processing', created_at: recent }),
      makePhoto(2, { created_at: old, markup: markup('rendering', recent) }),
      makePhoto(3, { created_at: old, markup: markup('ready', recent) }),
      makePhoto(4, { created_at: old, markup: markup('rendering', old) }),
      makePhoto(5, { status: 'processing', created_at: old }),
    ];
    expect(photosToWatch(photos, now)).toEqual([photos[0]!.id, photos[1]!.id]);
  });
});
