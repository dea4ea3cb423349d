import { describe, expect, it } from 'vitest';
import { readPhotoExif } from './exif';
import { jpegWithExif, plainPng } from './photos.test-helpers';

describe('readPhotoExif', () => {
  it('an offset time is an instant; without an offset it is the wall clock in the zone given, daylight saving included', async () => {
    expect(await readPhotoExif(await jpegWithExif({ taken: '2026:11:01 01:30:00', offset: '+05:30' }), 'UTC')).toMatchObject({ takenAt: new Date('2026-10-31T20:00:00Z'), takenAtSource: 'exif' });
    // 01:30 on the fall-back night happens twice in Chicago: the earlier (daylight time, -05:00).
    expect(await readPhotoExif(await jpegWithExif({ taken: '2026:11:01 01:30:00' }), 'America/Chicago')).toMatchObject({ takenAt: new Date('2026-11-01T06:30:00Z'), takenAtSource: 'exif_local' });
    expect(await readPhotoExif(await jpegWithExif({ taken: '2026:07:01 12:00:00' }), 'Europe/Berlin')).toMatchObject({ takenAt: new Date('2026-07-01T10:00:00Z') });
  });

  it('malformed or impossible values are left out, never guessed', async () => {
    for (const taken of ['2026:13:01 10:00:00', '0000:00:00 00:00:00', 'yesterday', '2026:02:01 25:00:00']) {
      expect(await readPhotoExif(await jpegWithExif({ taken }), 'UTC'), taken).toMatchObject({ takenAt: null, takenAtSource: null });
    }
    // An offset beyond ±14:00 is not one: the time is read as local instead.
    expect(await readPhotoExif(await jpegWithExif({ taken: '2026:03:01 10:00:00', offset: '+23:00' }), 'UTC')).toMatchObject({ takenAt: new Date('2026-03-01T10:00:00Z'), takenAtSource: 'exif_local' });
    const placed = await readPhotoExif(await jpegWithExif({ lat: 12.5, lng: -45.25, orientation: 8 }), 'UTC');
    expect(placed).toMatchObject({ takenAt: null, orientation: 8 });
    expect(placed.latitude).toBeCloseTo(12.5, 5);
    expect(placed.longitude).toBeCloseTo(-45.25, 5);
    expect((await readPhotoExif(await jpegWithExif({ orientation: 9 }), 'UTC')).orientation).toBe(1);
  });

  it('a file without EXIF, or not an image at all, gives nothing and no error', async () => {
    const none = { takenAt: null, takenAtSource: null, latitude: null, longitude: null, orientation: 1 };
    expect(await readPhotoExif(await plainPng(10, 10), 'UTC')).toEqual(none);
    expect(await readPhotoExif(Buffer.from('not an image at all'), 'UTC')).toEqual(none);
    expect(await readPhotoExif(Buffer.alloc(0), 'UTC')).toEqual(none);
    // A JPEG whose EXIF segment is cut off in the middle.
    const cut = await jpegWithExif({ taken: '2026:03:01 10:00:00', offset: '+00:00', lat: 10, lng: 10 });
    expect((await readPhotoExif(cut.subarray(0, 60), 'UTC')).takenAt).toBeNull();
  });
});
