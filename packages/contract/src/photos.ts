import { z } from 'zod';
import { IdParamsSchema, OkSchema, TimeZoneSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Job photos (issue 35): a photo belongs to one job of the caller's workspace. The original is kept untouched; the
 * server reads its EXIF (time taken, GPS, orientation) from the file's first bytes when the upload ends, and makes a
 * JPEG thumbnail in the background (status 'processing' → 'ready', or 'failed' with `processing_error`: an image over
 * the pixel limit, or one that does not decode within the limits, is never retried).
 *
 * Images are sent as they are taken (the web compresses them first): JPEG, PNG or WebP, recognised from their bytes;
 * resumably too (uploads.ts `photoUploadEndpoints`, in RESUMABLE_UPLOADS: files from 5 MB go through tus).
 * HEIC/HEIF is refused with PHOTO_HEIC_REFUSED: the server has no bounded decoder for it (the browser converts it).
 */

export const PHOTO_STAGES = ['before', 'during', 'after', 'issue', 'receipt'] as const;
export const PhotoStageSchema = z.enum(PHOTO_STAGES, { error: `stage must be one of ${PHOTO_STAGES.join(', ')}` });
export type PhotoStage = z.infer<typeof PhotoStageSchema>;

/** 'processing': stored, the thumbnail not made yet; 'ready': thumbnail made; 'failed': no thumbnail (processing_error says why). */
export const PhotoStatusSchema = z.enum(['processing', 'ready', 'failed']);
export type PhotoStatus = z.infer<typeof PhotoStatusSchema>;

/**
 * Where taken_at comes from: 'exif' — DateTimeOriginal with its OffsetTimeOriginal; 'exif_local' — DateTimeOriginal
 * without an offset, read as wall-clock time in the upload's `time_zone` (else the workspace's zone); 'upload' — no
 * EXIF time, the time the server received the photo.
 */
export const PhotoTimeSourceSchema = z.enum(['exif', 'exif_local', 'upload']);
export type PhotoTimeSource = z.infer<typeof PhotoTimeSourceSchema>;

/** The largest photo accepted (bytes): a 50-megapixel JPEG straight from a phone fits. */
export const PHOTO_MAX_BYTES = 40 * 1024 * 1024;
/** Photos with more pixels than this are stored but get no thumbnail (refused from the header, never decoded). */
export const PHOTO_MAX_PIXELS = 60_000_000;
/** The thumbnail's long edge, in pixels (never scaled up). */
export const PHOTO_THUMBNAIL_EDGE = 400;
export const PHOTO_CAPTION_MAX = 2000;
export const PHOTO_TAGS_MAX = 20;
export const PHOTO_TAG_MAX = 40;
export const PHOTOS_PAGE_SIZE = 60;
export const PHOTOS_PAGE_SIZE_MAX = 200;

export const PHOTO_NOT_FOUND = 'Photo not found';
export const PHOTO_DELETE_FORBIDDEN = 'Only the photo’s author or a workspace admin can delete it';
export const PHOTO_UNSUPPORTED = 'Unsupported file type: upload a JPEG, PNG or WebP photo';
export const PHOTO_HEIC_REFUSED = 'HEIC photos are not accepted: set the camera to “Most Compatible” (JPEG), or upload from the Fieldbook app, which converts them';

const TagSchema = z.string().trim().min(1, { error: 'A tag cannot be empty' }).max(PHOTO_TAG_MAX, { error: `A tag is at most ${PHOTO_TAG_MAX} characters` });
/** Tags: trimmed, lower-cased, without repeats, at most PHOTO_TAGS_MAX. */
export const PhotoTagsSchema = z
  .array(TagSchema)
  .max(PHOTO_TAGS_MAX, { error: `At most ${PHOTO_TAGS_MAX} tags` })
  .transform((tags) => [...new Set(tags.map((t) => t.toLowerCase()))]);
export const PhotoCaptionSchema = z.string().trim().max(PHOTO_CAPTION_MAX, { error: `The caption is at most ${PHOTO_CAPTION_MAX} characters` });

/**
 * Markup (issue 35): arrows, circles, rectangles, freehand strokes and text drawn over a photo, kept as vector data
 * beside the untouched original. Coordinates are fractions (0..1) of the image as displayed (EXIF orientation applied),
 * x of its width and y of its height, so the same markup fits the original, a thumbnail or the screen. Widths and text
 * sizes are named steps, scaled to the image's long edge (markup-geometry.ts draws them, the same on the web and in
 * the server's rendering). Bounded: at most MARKUP_MAX_SHAPES shapes, MARKUP_MAX_POINTS points in one stroke and
 * MARKUP_MAX_TOTAL_POINTS in all, MARKUP_TEXT_MAX characters of text.
 */
export const MARKUP_COLORS = { red: '#f03e3e', yellow: '#fcc419', green: '#37b24d', blue: '#1c7ed6', white: '#ffffff', black: '#000000' } as const;
export type MarkupColor = keyof typeof MARKUP_COLORS;
export const MARKUP_COLOR_NAMES = Object.keys(MARKUP_COLORS) as MarkupColor[];
/** A stroke's width as a fraction of the image's long edge. */
export const MARKUP_WIDTHS = { thin: 0.004, medium: 0.008, thick: 0.016 } as const;
export type MarkupWidth = keyof typeof MARKUP_WIDTHS;
export const MARKUP_WIDTH_NAMES = Object.keys(MARKUP_WIDTHS) as MarkupWidth[];
export const MARKUP_MAX_SHAPES = 100;
export const MARKUP_MAX_POINTS = 1000;
export const MARKUP_MAX_TOTAL_POINTS = 10_000;
export const MARKUP_TEXT_MAX = 200;
/** The rendered marked-up JPEG's long edge, in pixels (never scaled up): enough for a report page or a screen. */
export const MARKUP_RENDER_EDGE = 2560;
export const MARKUP_STALE = 'Someone else saved markup on this photo since you opened it: reopen the photo to see theirs, then mark it up again';

const MarkupCoordinateSchema = z.number({ error: 'A markup coordinate must be a number' }).min(0, { error: 'Markup coordinates are from 0 to 1' }).max(1, { error: 'Markup coordinates are from 0 to 1' });
/** [x, y]: fractions of the image's width and height from its top left corner. */
export const MarkupPointSchema = z.tuple([MarkupCoordinateSchema, MarkupCoordinateSchema]);
export type MarkupPoint = z.infer<typeof MarkupPointSchema>;
const MarkupColorSchema = z.enum(MARKUP_COLOR_NAMES as [MarkupColor, ...MarkupColor[]], { error: `color must be one of ${MARKUP_COLOR_NAMES.join(', ')}` });
const MarkupWidthSchema = z.enum(MARKUP_WIDTH_NAMES as [MarkupWidth, ...MarkupWidth[]], { error: `width must be one of ${MARKUP_WIDTH_NAMES.join(', ')}` });
const styled = { color: MarkupColorSchema, width: MarkupWidthSchema };
/** An arrow from → to (its head at `to`); a rectangle and an ellipse ("circle") by two opposite corners of their box. */
const MarkupTwoPointSchema = (type: 'arrow' | 'rect' | 'ellipse') => z.object({ type: z.literal(type), from: MarkupPointSchema, to: MarkupPointSchema, ...styled }).strict();
export const MarkupShapeSchema = z.discriminatedUnion(
  'type',
  [
    MarkupTwoPointSchema('arrow'),
    MarkupTwoPointSchema('rect'),
    MarkupTwoPointSchema('ellipse'),
    z
      .object({
        type: z.literal('freehand'),
        points: z.array(MarkupPointSchema).min(1, { error: 'A stroke needs at least one point' }).max(MARKUP_MAX_POINTS, { error: `A stroke has at most ${MARKUP_MAX_POINTS} points` }),
        ...styled,
      })
      .strict(),
    z
      .object({
        type: z.literal('text'),
        /** The text's top left corner. */
        at: MarkupPointSchema,
        text: z.string().trim().min(1, { error: 'Markup text cannot be empty' }).max(MARKUP_TEXT_MAX, { error: `Markup text is at most ${MARKUP_TEXT_MAX} characters` }),
        ...styled,
      })
      .strict(),
  ],
  { error: 'A shape is an arrow, rect, ellipse, freehand or text' },
);
export type MarkupShape = z.infer<typeof MarkupShapeSchema>;
export const MarkupShapesSchema = z
  .array(MarkupShapeSchema)
  .max(MARKUP_MAX_SHAPES, { error: `At most ${MARKUP_MAX_SHAPES} shapes on a photo` })
  .refine((shapes) => shapes.reduce((sum, s) => sum + (s.type === 'freehand' ? s.points.length : 2), 0) <= MARKUP_MAX_TOTAL_POINTS, {
    error: `At most ${MARKUP_MAX_TOTAL_POINTS} points of markup on a photo`,
  });

/**
 * PUT /api/photos/:id/markup: the whole markup (replaces it; no shapes clears it) and the version it was drawn on —
 * the photo's markup.version, 0 when it had none. Another save in between answers 409 (MARKUP_STALE), nothing changed.
 */
export const PutPhotoMarkupBodySchema = z.object({ version: z.number().int().min(0, { error: 'version is 0 or more' }), shapes: MarkupShapesSchema }).strict();
export type PutPhotoMarkupBody = z.input<typeof PutPhotoMarkupBodySchema>;

/**
 * A photo's markup. The server renders it onto the image in the background ('rendering' → 'ready', or 'failed' with
 * render_error; 'none' without shapes): rendered_url (a JPEG of at most MARKUP_RENDER_EDGE px) and
 * rendered_thumbnail_url (the grid's) are signed like the other image URLs, and only given once this version is drawn.
 */
export const PhotoMarkupSchema = z.object({
  version: z.number().int(),
  shapes: z.array(MarkupShapeSchema),
  updated_by: z.uuid().nullable(),
  updated_at: z.string(),
  render_status: z.enum(['none', 'rendering', 'ready', 'failed']),
  render_error: z.string().nullable(),
  rendered_url: z.string().nullable(),
  rendered_thumbnail_url: z.string().nullable(),
});
export type PhotoMarkup = z.infer<typeof PhotoMarkupSchema>;

export const PhotoSchema = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  /** The uploader. */
  author: z.object({ id: z.uuid().nullable(), name: z.string().nullable() }),
  /** The original's type, from its bytes. */
  content_type: z.string(),
  byte_size: z.number().int(),
  /** As displayed (EXIF orientation applied); null until known (a header the server could not size before the thumbnail). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** ISO date-time (UTC). */
  taken_at: z.string(),
  taken_at_source: PhotoTimeSourceSchema,
  /** From EXIF GPS, WGS 84 degrees; null without. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  stage: PhotoStageSchema,
  caption: z.string(),
  tags: z.array(z.string()),
  status: PhotoStatusSchema,
  processing_error: z.string().nullable(),
  /** GET thumbnail answers a JPEG (else 404 until it is made). */
  has_thumbnail: z.boolean(),
  /**
   * Signed URLs for <img src> (no session needed; photoEndpoints.image): the thumbnail (null until made) and the
   * original. Each stays the same for a 12-hour window and works until the window after it ends (12–24 hours), so a
   * grid re-fetched within a window reuses the browser's cached images. A deleted photo's links answer 404.
   */
  thumbnail_url: z.string().nullable(),
  original_url: z.string(),
  /** Vector markup drawn over the original (PhotoMarkupSchema); null when it was never marked up. */
  markup: PhotoMarkupSchema.nullable(),
  created_at: z.string(),
});
export type Photo = z.infer<typeof PhotoSchema>;

/** A page, newest taken first; `next_cursor` (opaque) asks for the next one, null at the end. */
export const PhotoListSchema = z.object({ photos: z.array(PhotoSchema), next_cursor: z.string().nullable() });
export type PhotoList = z.infer<typeof PhotoListSchema>;

const DATE_TIME_ERROR = 'must be an ISO date-time with an offset, e.g. 2026-03-14T00:00:00-05:00';
/** Filters shared by the job's grid and the workspace's timeline: `from` ≤ taken_at < `to`. */
export const ListPhotosQuerySchema = z.object({
  stage: PhotoStageSchema.optional(),
  from: z.iso.datetime({ offset: true, error: `from ${DATE_TIME_ERROR}` }).optional(),
  to: z.iso.datetime({ offset: true, error: `to ${DATE_TIME_ERROR}` }).optional(),
  author_id: z.uuid({ error: 'author_id must be a user id' }).optional(),
  /** The previous page's next_cursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PHOTOS_PAGE_SIZE_MAX).default(PHOTOS_PAGE_SIZE),
});
export type ListPhotosQuery = z.input<typeof ListPhotosQuerySchema>;

/** The workspace's timeline: the same filters, optionally one job. */
export const ListWorkspacePhotosQuerySchema = ListPhotosQuerySchema.extend({ job_id: z.uuid({ error: 'job_id must be a job id' }).optional() });
export type ListWorkspacePhotosQuery = z.input<typeof ListWorkspacePhotosQuerySchema>;

/**
 * The upload's fields (multipart, sent BEFORE the file; or the tus Upload-Metadata). job_id is required.
 * upload_key (8–200 characters, the same for every try of one photo, e.g. a UUID made when it was taken) makes a
 * retried upload answer the photo already stored instead of a second one. tags: comma-separated. time_zone: the
 * camera's IANA zone, used only for an EXIF time without an offset (else the workspace's zone).
 */
export const UploadPhotoFieldsSchema = z.object({
  job_id: z.uuid({ error: 'job_id must be a job id' }),
  upload_key: z.string().trim().min(8, { error: 'upload_key must be at least 8 characters' }).max(200).optional(),
  stage: PhotoStageSchema.default('during'),
  caption: PhotoCaptionSchema.default(''),
  tags: z
    .string()
    .max(PHOTO_TAGS_MAX * (PHOTO_TAG_MAX + 1))
    .transform((s) => s.split(',').map((t) => t.trim()).filter(Boolean))
    .pipe(PhotoTagsSchema)
    .default([]),
  time_zone: TimeZoneSchema.optional(),
});
export type UploadPhotoFields = z.input<typeof UploadPhotoFieldsSchema>;

/** PATCH: any of caption, stage, tags (tags replace the whole set). */
export const UpdatePhotoBodySchema = z
  .object({ caption: PhotoCaptionSchema.optional(), stage: PhotoStageSchema.optional(), tags: PhotoTagsSchema.optional() })
  .strict()
  .refine((b) => b.caption !== undefined || b.stage !== undefined || b.tags !== undefined, { error: 'Send caption, stage or tags' });
export type UpdatePhotoBody = z.input<typeof UpdatePhotoBodySchema>;

export const PhotoContentQuerySchema = z.object({ download: z.enum(['true', 'false']).optional() });
export const PhotoImageParamsSchema = z.object({ variant: z.enum(['thumbnail', 'original', 'marked', 'marked_thumbnail']), token: z.string().min(1).max(200) });
/** How long one signed image URL stays the same (it works until the end of the next window). */
export const PHOTO_IMAGE_URL_WINDOW_SECONDS = 12 * 60 * 60;

const tags = ['photos'];

/** The photos endpoints (issue 35). Every one is the caller's workspace's: another workspace's photo or job is a 404. */
export const photoEndpoints = {
  listForJob: defineEndpoint({
    method: 'GET',
    path: '/api/jobs/:id/photos',
    access: 'workspace',
    summary: "A page of a job's photos, newest taken first (keyset: next_cursor); filters stage, from/to (taken_at), author_id",
    tags,
    params: IdParamsSchema,
    query: ListPhotosQuerySchema,
    response: PhotoListSchema,
  }),
  timeline: defineEndpoint({
    method: 'GET',
    path: '/api/photos',
    access: 'workspace',
    summary: "The workspace's photos across its jobs, newest taken first (keyset: next_cursor); filters stage, from/to, author_id, job_id",
    tags,
    query: ListWorkspacePhotosQuerySchema,
    response: PhotoListSchema,
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/photos/:id', access: 'workspace', summary: 'One photo', tags, params: IdParamsSchema, response: PhotoSchema }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/photos',
    access: 'workspace',
    summary:
      'Upload a photo (multipart, fields first: job_id, upload_key, stage, caption, tags, time_zone; then file — JPEG, PNG or WebP); 201 with the photo, its thumbnail made in the background. The same upload_key again answers the stored photo',
    tags,
    status: 201,
    response: PhotoSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/photos/:id',
    access: 'workspace',
    summary: "Change a photo's caption, stage or tags (any member of the workspace)",
    tags,
    params: IdParamsSchema,
    body: UpdatePhotoBodySchema,
    response: PhotoSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/photos/:id',
    access: 'workspace',
    summary: 'Delete a photo with its original and thumbnail (its author or a workspace admin; others 403)',
    tags,
    params: IdParamsSchema,
    response: OkSchema,
  }),
  original: defineEndpoint({
    method: 'GET',
    path: '/api/photos/:id/original',
    access: 'workspace',
    summary: 'The original, untouched (its content type; HTTP ranges; Cache-Control private); ?download=true as an attachment',
    tags,
    params: IdParamsSchema,
    query: PhotoContentQuerySchema,
    response: z.unknown(),
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: '/api/photos/:id/thumbnail',
    access: 'workspace',
    summary: `The thumbnail: a JPEG of at most ${PHOTO_THUMBNAIL_EDGE} px on its long edge, upright (Cache-Control private); 404 while has_thumbnail is false`,
    tags,
    params: IdParamsSchema,
    response: z.unknown(),
  }),
  putMarkup: defineEndpoint({
    method: 'PUT',
    path: '/api/photos/:id/markup',
    access: 'workspace',
    summary:
      "Replace a photo's markup (vector shapes over the untouched original) with the version it was drawn on; 409 when someone saved since. The marked-up JPEG is rendered in the background",
    tags,
    params: IdParamsSchema,
    body: PutPhotoMarkupBodySchema,
    response: PhotoSchema,
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/photo-images/:variant/:token',
    access: 'public',
    summary:
      'A photo’s thumbnail or original by the signed URL in its thumbnail_url / original_url (for <img src>; no session). Cache-Control private until the link expires; 404 for a forged link or a deleted photo, 410 once expired',
    tags,
    params: PhotoImageParamsSchema,
    response: z.unknown(),
  }),
};

// ── Output (issue 35): photo reports and shared galleries ────────────────────────────────────────────────────────────

/** The most photos one report or one gallery holds: the report is made in one job run, its memory bounded by this. */
export const PHOTO_REPORT_MAX_PHOTOS = 200;
export const PHOTO_SELECTION_REQUIRED = 'Choose photos or a stage';
export const PHOTO_SELECTION_TOO_MANY = `At most ${PHOTO_REPORT_MAX_PHOTOS} photos at once: choose fewer`;
export const PHOTO_SELECTION_NOT_ON_JOB = 'Some of the chosen photos are not on this job';
export const PHOTO_STAGE_EMPTY = 'This job has no photos of that stage';

/** Which photos: the ones chosen in the grid, or every photo of a stage on the job (exactly one of the two). */
const photoSelectionShape = {
  photo_ids: z
    .array(z.uuid({ error: 'photo_ids must be photo ids' }))
    .min(1, { error: PHOTO_SELECTION_REQUIRED })
    .max(PHOTO_REPORT_MAX_PHOTOS, { error: PHOTO_SELECTION_TOO_MANY })
    .transform((ids) => [...new Set(ids)])
    .optional(),
  stage: PhotoStageSchema.optional(),
};
const oneSelection = (b: { photo_ids?: string[] | undefined; stage?: string | undefined }) => (b.photo_ids === undefined) !== (b.stage === undefined);

export const PHOTO_REPORT_TITLE_MAX = 200;
export const CreatePhotoReportBodySchema = z
  .object({ ...photoSelectionShape, title: z.string().trim().max(PHOTO_REPORT_TITLE_MAX, { error: `The title is at most ${PHOTO_REPORT_TITLE_MAX} characters` }).optional() })
  .strict()
  .refine(oneSelection, { error: PHOTO_SELECTION_REQUIRED, path: ['photo_ids'] });
export type CreatePhotoReportBody = z.input<typeof CreatePhotoReportBodySchema>;

/** 'pending': waiting for or being made by the report job; 'done': stored as the document `document_id`; 'failed': `error` says why. */
export const PhotoReportStatusSchema = z.enum(['pending', 'done', 'failed']);
export type PhotoReportStatus = z.infer<typeof PhotoReportStatusSchema>;

export const PhotoReportSchema = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  title: z.string(),
  photo_count: z.number().int(),
  status: PhotoReportStatusSchema,
  error: z.string().nullable(),
  /** The PDF, a document on the job (copied to Drive, sent like any document); null until done. */
  document_id: z.uuid().nullable(),
  created_by: z.object({ id: z.uuid().nullable(), name: z.string().nullable() }),
  created_at: z.string(),
});
export type PhotoReport = z.infer<typeof PhotoReportSchema>;
export const PhotoReportListSchema = z.object({ reports: z.array(PhotoReportSchema) });
export type PhotoReportList = z.infer<typeof PhotoReportListSchema>;

/** How long a shared gallery's link may live, in days (the office chooses one). */
export const PHOTO_GALLERY_EXPIRY_DAYS = [7, 30, 90] as const;
export const PHOTO_GALLERY_LABEL_MAX = 120;
export const CreatePhotoGalleryBodySchema = z
  .object({
    ...photoSelectionShape,
    expires_in_days: z.union(PHOTO_GALLERY_EXPIRY_DAYS.map((d) => z.literal(d)), { error: `expires_in_days must be one of ${PHOTO_GALLERY_EXPIRY_DAYS.join(', ')}` }).default(30),
    /** Who it is for, as the office reads it in the list ("Adjuster — State Farm"); the client does not see it. */
    label: z.string().trim().max(PHOTO_GALLERY_LABEL_MAX, { error: `The label is at most ${PHOTO_GALLERY_LABEL_MAX} characters` }).default(''),
  })
  .strict()
  .refine(oneSelection, { error: PHOTO_SELECTION_REQUIRED, path: ['photo_ids'] });
export type CreatePhotoGalleryBody = z.input<typeof CreatePhotoGalleryBodySchema>;

/** A shared gallery as the office sees it: 'live' until it expires or is revoked. */
export const PhotoGalleryStateSchema = z.enum(['live', 'expired', 'revoked']);
export const PhotoGallerySchema = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  label: z.string(),
  photo_ids: z.array(z.uuid()),
  state: PhotoGalleryStateSchema,
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  /** When the client's page was first rendered in a browser (its POST …/viewed); null until then. */
  viewed_at: z.string().nullable(),
  /** The client's link (the public page /g/<token>); null once revoked. */
  link: z.string().nullable(),
  created_by: z.object({ id: z.uuid().nullable(), name: z.string().nullable() }),
  created_at: z.string(),
});
export type PhotoGallery = z.infer<typeof PhotoGallerySchema>;
export const PhotoGalleryListSchema = z.object({ galleries: z.array(PhotoGallerySchema) });
export type PhotoGalleryList = z.infer<typeof PhotoGalleryListSchema>;

export const GALLERY_LINK_INVALID = 'This gallery link is not valid. Check that you copied all of it.';
export const GALLERY_LINK_EXPIRED = 'This gallery link has expired. Ask the contractor for a new one.';
export const GALLERY_REVOKED = 'This gallery link was turned off by the contractor.';
export const GALLERY_NOT_FOUND = 'Gallery not found';

/**
 * A photo as the client's gallery shows it: no author, no tags, no place (GPS never leaves the office). Its images are
 * re-encoded copies without metadata, by URLs under the gallery's own link (revoking the gallery stops them too).
 */
export const PublicGalleryPhotoSchema = z.object({
  id: z.uuid(),
  caption: z.string(),
  stage: PhotoStageSchema,
  taken_at: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbnail_url: z.string().nullable(),
  large_url: z.string(),
});
export type PublicGalleryPhoto = z.infer<typeof PublicGalleryPhotoSchema>;
export const PublicGallerySchema = z.object({
  company: z.string(),
  job: z.object({ title: z.string(), property_address: z.string().nullable() }),
  /** The workspace's zone: the page shows dates as the office does. */
  time_zone: z.string(),
  expires_at: z.string(),
  photos: z.array(PublicGalleryPhotoSchema),
});
export type PublicGallery = z.infer<typeof PublicGallerySchema>;
export const PublicGalleryViewedSchema = z.object({ viewed_at: z.string() });

/** The longest edge of a gallery's large image (a re-encoded copy: upright, no EXIF, no GPS). */
export const PHOTO_GALLERY_LARGE_EDGE = 1600;

const GalleryTokenParamsSchema = z.object({ token: z.string().max(200) });
export const GalleryImageParamsSchema = z.object({ token: z.string().max(200), photo_id: z.uuid(), variant: z.enum(['thumbnail', 'large']) });

/** Reports and galleries (issue 35's output). Every office endpoint is the caller's workspace's: another's job is a 404. */
export const photoOutputEndpoints = {
  createReport: defineEndpoint({
    method: 'POST',
    path: '/api/jobs/:id/photo-reports',
    access: 'workspace',
    summary: `Make a photo report PDF of chosen photos or a stage (at most ${PHOTO_REPORT_MAX_PHOTOS}); 201 'pending', made in the background and stored as a document on the job`,
    tags,
    status: 201,
    params: IdParamsSchema,
    body: CreatePhotoReportBodySchema,
    response: PhotoReportSchema,
  }),
  listReports: defineEndpoint({
    method: 'GET',
    path: '/api/jobs/:id/photo-reports',
    access: 'workspace',
    summary: "The job's photo reports, newest first (the last 50)",
    tags,
    params: IdParamsSchema,
    response: PhotoReportListSchema,
  }),
  createGallery: defineEndpoint({
    method: 'POST',
    path: '/api/jobs/:id/photo-galleries',
    access: 'workspace',
    summary: `Share chosen photos or a stage (at most ${PHOTO_REPORT_MAX_PHOTOS}) by a signed link that expires (${PHOTO_GALLERY_EXPIRY_DAYS.join(', ')} days); 201 with the link`,
    tags,
    status: 201,
    params: IdParamsSchema,
    body: CreatePhotoGalleryBodySchema,
    response: PhotoGallerySchema,
  }),
  listGalleries: defineEndpoint({
    method: 'GET',
    path: '/api/jobs/:id/photo-galleries',
    access: 'workspace',
    summary: "The job's shared galleries, newest first (the last 50)",
    tags,
    params: IdParamsSchema,
    response: PhotoGalleryListSchema,
  }),
  revokeGallery: defineEndpoint({
    method: 'POST',
    path: '/api/photo-galleries/:id/revoke',
    access: 'workspace',
    summary: 'Turn a gallery link off: its page and images answer 410 from now on (again: no change)',
    tags,
    params: IdParamsSchema,
    response: PhotoGallerySchema,
  }),
  publicGallery: defineEndpoint({
    method: 'GET',
    path: '/api/public/galleries/:token',
    access: 'public',
    summary: 'The client’s gallery by its signed link (marks nothing); 404 for a forged link, 410 expired or revoked',
    tags,
    params: GalleryTokenParamsSchema,
    response: PublicGallerySchema,
  }),
  publicGalleryViewed: defineEndpoint({
    method: 'POST',
    path: '/api/public/galleries/:token/viewed',
    access: 'public',
    summary: 'The gallery page was rendered in a browser: its first view is kept, once',
    tags,
    params: GalleryTokenParamsSchema,
    response: PublicGalleryViewedSchema,
  }),
  publicGalleryImage: defineEndpoint({
    method: 'GET',
    path: '/api/public/gallery-images/:token/:photo_id/:variant',
    access: 'public',
    summary: 'A gallery photo’s thumbnail or large image (re-encoded, without EXIF or GPS), by the gallery’s link; 404 for a photo outside it',
    tags,
    params: GalleryImageParamsSchema,
    response: z.unknown(),
  }),
};
