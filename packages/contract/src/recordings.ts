import { z } from 'zod';
import { IdParamsSchema, OkSchema, pageQueryShape, TimeZoneSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Spec 001 §3: a recording's name is direction_date(8 digits)_time(6 digits)_phone_userId.m4a. */
export const RecordingDirectionSchema = z.enum(['incoming', 'outgoing', 'unknown']);
export type RecordingDirection = z.infer<typeof RecordingDirectionSchema>;

/** pending (waiting for the transcriber), processing, done, failed (transcription_error says why; a retry restarts it). */
export const TranscriptionStatusSchema = z.enum(['pending', 'processing', 'done', 'failed']);
export type TranscriptionStatus = z.infer<typeof TranscriptionStatusSchema>;

/** The audio a phone recorder or a browser writes, recognised by content. */
export const RECORDING_UPLOAD_EXTENSIONS = ['m4a', 'mp4', 'mp3', 'wav', 'ogg', 'opus', 'webm', 'amr', '3gp'] as const;
export const DEFAULT_RECORDING_MAX_BYTES = 250 * 1024 * 1024;
export const RECORDINGS_PAGE_SIZE = 50;
export const RECORDING_NOT_FOUND = 'Recording not found';

export const TranscriptSegmentSchema = z.object({ start: z.number(), end: z.number(), text: z.string() });
export type TranscriptSegment = z.infer<typeof TranscriptSegmentSchema>;

/**
 * How sure the engine was of a transcript. pocketsphinx gives each word a confidence (0–1): `word_confidence` counts
 * the words of at least CONFIDENT_WORD_MIN per second of speech (the words' own time, pauses left out). Per-word
 * shares alone do not tell garbage apart: on telephone-band audio the engine often returns a few words, confidently,
 * for seconds of speech (bench/README.md). An OpenAI-compatible API's verbose_json gives each segment's avg_logprob
 * and no_speech_prob: `segment_logprob`. rough_draft: most of it is likely wrong ("Rough draft — low confidence").
 * null on a recording: unknown (not transcribed yet, or the engine gave nothing to judge by).
 */
export const TranscriptConfidenceSchema = z.discriminatedUnion('measure', [
  z.object({
    measure: z.literal('word_confidence'),
    rough_draft: z.boolean(),
    words: z.number().int(),
    confident_words: z.number().int(),
    speech_seconds: z.number(),
  }),
  z.object({
    measure: z.literal('segment_logprob'),
    rough_draft: z.boolean(),
    segments: z.number().int(),
    /** Segments the model was unsure of (avg_logprob below -1, or likely no speech, or repetitive). */
    low_confidence_segments: z.number().int(),
    /** The share of the transcript's time in those segments (0–1). */
    low_confidence_share: z.number(),
  }),
]);
export type TranscriptConfidence = z.infer<typeof TranscriptConfidenceSchema>;
/** The label of a transcript whose confidence says it is mostly wrong (no spec text: kept short). */
export const ROUGH_DRAFT_LABEL = 'Rough draft — low confidence';

export const RecordingContactSchema = z.object({ id: z.uuid(), name: z.string(), phone_number: z.string(), assigned_by: z.uuid().nullable() });

/** A recording (GET /api/recordings and its items). Timestamps ISO. */
export const RecordingSchema = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  user_id: z.uuid(),
  /** The owner's user name (or email): the admin's list shows whose call it is. */
  user_name: z.string().nullable(),
  group_id: z.string().nullable(),
  name: z.string(),
  file_type: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  duration_seconds: z.number().nullable(),
  direction: RecordingDirectionSchema,
  /** The other party's number (digits, as the recorder wrote it), or null. */
  phone_number: z.string().nullable(),
  /** When the call was recorded (from the file name or the request), or null. */
  recorded_at: z.string().nullable(),
  /** The user id the file name carries (the recorder's), when the name follows the rule. */
  file_user_id: z.string().nullable(),
  contacts: z.array(RecordingContactSchema),
  transcription_status: TranscriptionStatusSchema,
  transcription_error: z.string().nullable(),
  /** Which engine wrote the transcript ('pocketsphinx (en-us)', or the API model): its accuracy differs. */
  transcript_engine: z.string().nullable(),
  transcript_confidence: TranscriptConfidenceSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const RecordingDetailSchema = RecordingSchema.extend({
  transcript: z.object({ text: z.string(), segments: z.array(TranscriptSegmentSchema) }).nullable(),
});
export type RecordingDetail = z.infer<typeof RecordingDetailSchema>;

export const RecordingListSchema = z.object({ recordings: z.array(RecordingSchema), total: z.number().int() });
export type RecordingList = z.infer<typeof RecordingListSchema>;

/** GET /api/recordings: the caller's own, newest first; an admin may ask for everyone's or one user's (user_id). */
export const ListRecordingsQuerySchema = z.object({
  ...pageQueryShape({ defaultLimit: RECORDINGS_PAGE_SIZE, maxLimit: 200 }),
  user_id: z.uuid({ error: 'user_id must be a user id' }).optional(),
});
export type ListRecordingsQuery = z.infer<typeof ListRecordingsQuerySchema>;

/** The admin's Filter by User list (spec 001 §6: ordered by user_name). */
export const RecordingUsersSchema = z.object({ users: z.array(z.object({ id: z.uuid(), user_name: z.string().nullable(), email: z.string() })) });

/**
 * POST /api/recordings (multipart): the file, and optionally what its name does not say. upload_key (any string
 * the client makes per file, e.g. a UUID) makes a retried upload return the stored recording instead of a second one.
 * time_zone: the uploader's IANA zone (the web sends the browser's, the app the device's): the date and time in a
 * file name are the phone's wall clock, read in this zone; without it they are read as UTC. An unknown zone is a 400.
 */
export const UploadRecordingFieldsSchema = z.object({
  upload_key: z.string().trim().min(8, { error: 'upload_key must be at least 8 characters' }).max(200).optional(),
  group_id: z.string().trim().min(1).max(100).optional(),
  direction: RecordingDirectionSchema.optional(),
  phone_number: z.string().trim().max(40).optional(),
  recorded_at: z.iso.datetime({ offset: true, error: 'recorded_at must be an ISO date-time' }).optional(),
  time_zone: TimeZoneSchema.optional(),
});

export const AssignRecordingContactBodySchema = z.object({ contact_id: z.uuid({ error: 'contact_id must be a contact id' }) });
export const RecordingContactParamsSchema = z.object({ id: z.uuid(), contactId: z.uuid() });
export const RecordingAudioQuerySchema = z.object({ download: z.enum(['true', 'false']).optional() });

/** How long a playback URL works: an <audio> element cannot send the session, so it gets a signed URL. */
export const PLAYBACK_URL_TTL_SECONDS = 60 * 60;
export const PlaybackUrlSchema = z.object({ url: z.string(), expires_at: z.string() });
export const PlaybackParamsSchema = z.object({ token: z.string().min(10).max(400) });

const tags = ['recordings'];

export const recordingEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/recordings', access: 'user', summary: 'A page of recordings, newest first (own; an admin may see all)', tags, query: ListRecordingsQuerySchema, response: RecordingListSchema }),
  users: defineEndpoint({ method: 'GET', path: '/api/recordings/users', access: 'admin', summary: 'Users for the admin’s Filter by User list', tags, response: RecordingUsersSchema }),
  get: defineEndpoint({ method: 'GET', path: '/api/recordings/:id', access: 'user', summary: 'One recording with its transcript', tags, params: IdParamsSchema, response: RecordingDetailSchema }),
  audio: defineEndpoint({ method: 'GET', path: '/api/recordings/:id/audio', access: 'user', summary: 'The audio (HTTP ranges, for seeking)', tags, params: IdParamsSchema, query: RecordingAudioQuerySchema, response: z.unknown() }),
  transcript: defineEndpoint({ method: 'GET', path: '/api/recordings/:id/transcript', access: 'user', summary: 'The transcript as a text file named phone_{date}_{time}_{number}.txt (spec 001 §7)', tags, params: IdParamsSchema, response: z.unknown() }),
  playbackUrl: defineEndpoint({ method: 'GET', path: '/api/recordings/:id/playback-url', access: 'user', summary: 'A signed URL the player streams the audio from (an hour, HTTP ranges)', tags, params: IdParamsSchema, response: PlaybackUrlSchema }),
  playback: defineEndpoint({ method: 'GET', path: '/api/recording-audio/:token', access: 'public', summary: 'The audio by its signed playback URL (no session)', tags, params: PlaybackParamsSchema, response: z.unknown() }),
  upload: defineEndpoint({ method: 'POST', path: '/api/recordings', access: 'user', summary: 'Upload a call recording (multipart: file, upload_key, group_id, direction, phone_number, recorded_at, time_zone — the file name’s time is read in it, UTC without)', tags, status: 201, response: RecordingDetailSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/recordings/:id', access: 'user', summary: 'Delete a recording and its audio', tags, params: IdParamsSchema, response: OkSchema }),
  assignContact: defineEndpoint({ method: 'POST', path: '/api/recordings/:id/contacts', access: 'user', summary: 'Assign a contact to a recording', tags, params: IdParamsSchema, body: AssignRecordingContactBodySchema, response: RecordingDetailSchema }),
  unassignContact: defineEndpoint({ method: 'DELETE', path: '/api/recordings/:id/contacts/:contactId', access: 'user', summary: 'Remove a contact from a recording', tags, params: RecordingContactParamsSchema, response: RecordingDetailSchema }),
  retryTranscription: defineEndpoint({ method: 'POST', path: '/api/recordings/:id/retry-transcription', access: 'user', summary: 'Transcribe a failed recording again', tags, params: IdParamsSchema, response: RecordingDetailSchema }),
};
