import { photoEndpoints, photoOutputEndpoints, profileEndpoints, workspaceEndpoints, type MyWorkspace, type Photo, type Profile } from '@fieldbook/contract';
import type { FakeApi } from '../../../test/fake-api';

/** Fixtures of the photos feature's component tests. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const JOB_ID = uuid(9001);
export const AUTHOR_ID = '6f1c1d1e-0000-4000-8000-00000000a11c'; // TEST_USER (src/test/render.tsx)

/** A photo with every field filled (taken 2026-03-14 15:05 UTC), overrides on top. */
export function makePhoto(n: number, overrides: Partial<Photo> = {}): Photo {
  const id = uuid(n);
  return {
    id,
    job_id: JOB_ID,
    author: { id: AUTHOR_ID, name: 'Sam Crew' },
    content_type: 'image/jpeg',
    byte_size: 1_200_000,
    width: 2560,
    height: 1920,
    taken_at: '2026-03-14T15:05:00.000Z',
    taken_at_source: 'exif',
    latitude: null,
    longitude: null,
    stage: 'during',
    caption: '',
    tags: [],
    status: 'ready',
    processing_error: null,
    has_thumbnail: true,
    thumbnail_url: `/api/photo-images/thumbnail/t${n}`,
    original_url: `/api/photo-images/original/o${n}`,
    markup: null,
    created_at: '2026-03-14T15:06:00.000Z',
    ...overrides,
  };
}

export const ZONE = 'America/Chicago';

export function myWorkspace(overrides: { canEdit?: boolean } = {}): MyWorkspace {
  return {
    workspace: {
      id: uuid(99_999),
      name: 'Roofers',
      description: null,
      owner_id: uuid(88_888),
      privacy_setting: 'private',
      drive_integration_enabled: false,
      default_group_visibility: 'invite_only',
      time_zone: ZONE,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      deleted_at: null,
    },
    suggested_name: 'Roofers',
    can_edit: overrides.canEdit ?? false,
  };
}

export const PROFILE: Profile = {
  id: AUTHOR_ID,
  email: 'crew@example.test',
  user_name: 'sam',
  full_name: 'Sam Crew',
  phone_number: null,
  role: 'user',
  workspace_id: uuid(99_999),
  default_workspace_id: uuid(99_999),
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The workspace, the profile, and a job's photos answered in pages of the request's limit (cursor: the offset). */
export function fakePhotoApi(api: FakeApi, photos: readonly Photo[], opts: { canEdit?: boolean } = {}): FakeApi {
  return api
    .on(workspaceEndpoints.mine, myWorkspace(opts))
    .on(profileEndpoints.get, PROFILE)
    // The panel's output lists (reports, shared galleries): none unless a test says otherwise.
    .on(photoOutputEndpoints.listReports, { reports: [] })
    .on(photoOutputEndpoints.listGalleries, { galleries: [] })
    .on(photoEndpoints.listForJob, ({ query }) => {
      const start = Number(query.cursor ?? 0);
      const page = photos.slice(start, start + query.limit);
      return { photos: page, next_cursor: start + query.limit < photos.length ? String(start + query.limit) : null };
    });
}

/**
 * happy-dom lays nothing out: every element is 0 × 0 (and its ResizeObserver reports 0 × 0), so a virtualizer would
 * show no rows. This gives every element a phone's size (390 × 600) for the test, with an observer that reports no
 * change; the returned function takes both back.
 */
export function phoneLayout(): () => void {
  const proto = HTMLElement.prototype;
  const saved = { w: Object.getOwnPropertyDescriptor(proto, 'clientWidth'), h: Object.getOwnPropertyDescriptor(proto, 'clientHeight'), observer: window.ResizeObserver };
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 390 });
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => 600 });
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  return () => {
    window.ResizeObserver = saved.observer;
    if (saved.w) Object.defineProperty(proto, 'clientWidth', saved.w);
    else delete (proto as { clientWidth?: number }).clientWidth;
    if (saved.h) Object.defineProperty(proto, 'clientHeight', saved.h);
    else delete (proto as { clientHeight?: number }).clientHeight;
  };
}
