import { z } from 'zod';
import { IdParamsSchema, pageQueryShape } from './common';
import { ContactNameSchema, ContactPhoneSchema, OptionalEmailSchema } from './contacts';
import { defineEndpoint } from './endpoint';

/**
 * Work requests (issue 36, "Request work"): a homeowner asks the contractor for work — from the public "Request work"
 * link on the contractor's website (/r/:token, one per workspace, reset by an admin) or from their client hub. The
 * office sees them listed (new / converted / declined), turns one into a job (and a contact when new) with one click,
 * or declines it. Nothing is ever sent to an address typed into the form: the office is told, in the app.
 */

export const WORK_REQUEST_STATUSES = ['new', 'converted', 'declined'] as const;
export const WorkRequestStatusSchema = z.enum(WORK_REQUEST_STATUSES);
export type WorkRequestStatus = z.infer<typeof WorkRequestStatusSchema>;

/** Photos one request may carry, and each one's size (a phone's photo; the form does not resize). */
export const WORK_REQUEST_MAX_PHOTOS = 5;
export const WORK_REQUEST_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const WORK_REQUESTS_PAGE_SIZE = 25;

export const WORK_REQUEST_NOT_FOUND = 'Request not found';
export const WORK_REQUEST_LINK_INVALID = 'This request link is not valid. Ask the company for its current link.';
export const WORK_REQUEST_POW_MISSING = 'The form’s check did not finish. Reload the page and send it again.';
export const WORK_REQUEST_POW_INVALID = 'The form’s check failed. Reload the page and send it again.';
export const WORK_REQUEST_POW_EXPIRED = 'The form was open too long. Send it again.';
export const WORK_REQUEST_POW_USED = 'This form was already sent. Reload the page to send another request.';
export const WORK_REQUEST_DECLINED_CONFLICT = 'This request was declined; it cannot be turned into a job';
export const WORK_REQUEST_CONVERTED_CONFLICT = 'This request was already turned into a job';
export const WORK_REQUEST_LINK_ADMIN_ONLY = 'Only workspace admins can reset the request link';
export const WORK_REQUEST_PHOTOS_FULL = `A request can have at most ${WORK_REQUEST_MAX_PHOTOS} photos`;
export const WORK_REQUEST_PHOTO_UNSUPPORTED = 'Unsupported file type: add a JPEG, PNG or WebP photo';
export const WORK_REQUEST_HUB_CONFIRM_FIRST = 'Confirm it’s you with the code we send, then send your request.';

const text = (max: number, required: string | null) =>
  required === null ? z.string().trim().max(max, `At most ${max} characters`).default('') : z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters`);

/** What the homeowner writes, whichever way they came in. */
const requestFields = {
  what: text(2000, 'Describe the work you need'),
  address: text(500, 'Enter the address of the work'),
  preferred_times: text(500, null),
};

/**
 * The public form's body. `website` is the honeypot: a field people never see (hidden from eyes and screen readers),
 * which form-filling bots fill in. `challenge` and `nonce` are the proof of work (WorkRequestChallenge).
 */
export const SubmitWorkRequestBodySchema = z.object({
  ...requestFields,
  name: ContactNameSchema,
  phone: ContactPhoneSchema,
  email: OptionalEmailSchema,
  website: z.string().max(500).optional().default(''),
  challenge: z.string({ error: WORK_REQUEST_POW_MISSING }).min(1, WORK_REQUEST_POW_MISSING).max(400, WORK_REQUEST_POW_INVALID),
  nonce: z.string({ error: WORK_REQUEST_POW_MISSING }).regex(/^[0-9a-z]{1,24}$/, WORK_REQUEST_POW_INVALID),
});
export type SubmitWorkRequestBody = z.input<typeof SubmitWorkRequestBodySchema>;

/** From the client hub: the contact is known from the hub's verified link, so only what and where. */
export const HubWorkRequestBodySchema = z.object(requestFields);
export type HubWorkRequestBody = z.input<typeof HubWorkRequestBodySchema>;

/** The form's fields the server names in its 400s (the web maps them to the form). */
export const WORK_REQUEST_FORM_FIELDS = ['what', 'address', 'preferred_times', 'name', 'phone', 'email'] as const;

/**
 * What a sent request answers: a short-lived token for its photos (POST …/photos/:token, at most `max_photos`). The
 * same answer whether or not it was stored (a honeypot hit is answered as a success, so a bot learns nothing).
 */
export const WorkRequestReceiptSchema = z.object({ received: z.literal(true), photo_token: z.string(), max_photos: z.number().int() });
export type WorkRequestReceipt = z.infer<typeof WorkRequestReceiptSchema>;

/** The public page's content: whose form it is. */
export const PublicWorkRequestFormSchema = z.object({ company: z.string() });
export type PublicWorkRequestForm = z.infer<typeof PublicWorkRequestFormSchema>;

/**
 * A proof-of-work challenge: the browser finds a `nonce` (lower-case base 36) such that
 * SHA-256(`${challenge}:${nonce}`) starts with `difficulty` zero bits, then sends both with the form. Signed by the
 * server, valid until `expires_at`, accepted once.
 */
export const WorkRequestChallengeSchema = z.object({ challenge: z.string(), difficulty: z.number().int().min(1).max(32), expires_at: z.string() });
export type WorkRequestChallenge = z.infer<typeof WorkRequestChallengeSchema>;

export const WorkRequestPhotoSchema = z.object({ id: z.uuid(), content_type: z.string(), byte_size: z.number().int(), url: z.string() });
export type WorkRequestPhoto = z.infer<typeof WorkRequestPhotoSchema>;

export const WorkRequestSchema = z.object({
  id: z.uuid(),
  status: WorkRequestStatusSchema,
  source: z.enum(['link', 'hub']),
  what: z.string(),
  address: z.string(),
  preferred_times: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  photo_count: z.number().int(),
  job_id: z.uuid().nullable(),
  contact_id: z.uuid().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type WorkRequest = z.infer<typeof WorkRequestSchema>;

export const WorkRequestDetailSchema = WorkRequestSchema.extend({ photos: z.array(WorkRequestPhotoSchema) });
export type WorkRequestDetail = z.infer<typeof WorkRequestDetailSchema>;

export const ListWorkRequestsQuerySchema = z.object({ status: WorkRequestStatusSchema.default('new'), ...pageQueryShape({ defaultLimit: WORK_REQUESTS_PAGE_SIZE, maxLimit: 100, maxOffset: 100_000 }) });
export type ListWorkRequestsQuery = z.input<typeof ListWorkRequestsQuerySchema>;
export const WorkRequestListSchema = z.object({ requests: z.array(WorkRequestSchema), total: z.number().int(), new_count: z.number().int() });
export type WorkRequestList = z.infer<typeof WorkRequestListSchema>;

/**
 * "Create job": the job (and whether a contact was made or matched). A repeat answers the same job. `photos_on_job`:
 * how many of the request's photos are on the job's Photos (a photo deleted from the job since is not counted).
 */
export const ConvertWorkRequestResultSchema = z.object({ request: WorkRequestSchema, job_id: z.uuid(), contact_id: z.uuid(), contact_created: z.boolean(), photos_on_job: z.number().int().default(0) });
export type ConvertWorkRequestResult = z.infer<typeof ConvertWorkRequestResultSchema>;

/** The workspace's public "Request work" link, for its website. */
export const WorkRequestLinkSchema = z.object({ url: z.string(), snippet: z.string(), can_reset: z.boolean() });
export type WorkRequestLink = z.infer<typeof WorkRequestLinkSchema>;

const LinkTokenParamsSchema = z.object({ token: z.string().max(200) });
const tags = ['work-requests'];

export const workRequestEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/work-requests', access: 'workspace', summary: "The workspace's work requests of one status, newest first", tags, query: ListWorkRequestsQuerySchema, response: WorkRequestListSchema }),
  get: defineEndpoint({ method: 'GET', path: '/api/work-requests/:id', access: 'workspace', summary: 'One work request with its photos', tags, params: IdParamsSchema, response: WorkRequestDetailSchema }),
  convert: defineEndpoint({
    method: 'POST',
    path: '/api/work-requests/:id/convert',
    access: 'workspace',
    summary: 'Create job: the job (and the contact when new) from a request; a repeat answers the same job',
    tags,
    params: IdParamsSchema,
    response: ConvertWorkRequestResultSchema,
  }),
  decline: defineEndpoint({ method: 'POST', path: '/api/work-requests/:id/decline', access: 'workspace', summary: 'Declines a new request', tags, params: IdParamsSchema, response: WorkRequestSchema }),
  link: defineEndpoint({ method: 'GET', path: '/api/work-request-link', access: 'workspace', summary: "The workspace's public Request work link and its HTML snippet", tags, response: WorkRequestLinkSchema }),
  resetLink: defineEndpoint({ method: 'POST', path: '/api/work-request-link/reset', access: 'workspace', summary: 'A new Request work link (admins); the old one stops working', tags, response: WorkRequestLinkSchema }),
  publicForm: defineEndpoint({ method: 'GET', path: '/api/public/work-requests/:token', access: 'public', summary: "The Request work page's content (the company's name)", tags, params: LinkTokenParamsSchema, response: PublicWorkRequestFormSchema }),
  publicChallenge: defineEndpoint({
    method: 'POST',
    path: '/api/public/work-requests/:token/challenge',
    access: 'public',
    summary: 'A proof-of-work challenge for one submission of the form',
    tags,
    params: LinkTokenParamsSchema,
    response: WorkRequestChallengeSchema,
  }),
  publicSubmit: defineEndpoint({
    method: 'POST',
    path: '/api/public/work-requests/:token',
    access: 'public',
    summary: 'Sends the Request work form (rate-limited, honeypot, proof of work)',
    tags,
    params: LinkTokenParamsSchema,
    body: SubmitWorkRequestBodySchema,
    status: 201,
    response: WorkRequestReceiptSchema,
  }),
  hubSubmit: defineEndpoint({
    method: 'POST',
    path: '/api/public/hub/:token/work-requests',
    access: 'public',
    summary: "Request work from the client hub: the hub's link (and, for an older link, this browser's confirmed session) names the contact",
    tags,
    params: LinkTokenParamsSchema,
    body: HubWorkRequestBodySchema,
    status: 201,
    response: WorkRequestReceiptSchema,
  }),
  publicPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/public/work-request-photos/:token',
    access: 'public',
    summary: "Adds a photo (multipart, field 'file') to a request just sent, by the token its answer gave",
    tags,
    params: LinkTokenParamsSchema,
    status: 201,
    response: z.object({ id: z.uuid() }),
  }),
  photoImage: defineEndpoint({ method: 'GET', path: '/api/work-request-images/:token', access: 'public', summary: "A request's photo by its signed link (<img src>)", tags, params: LinkTokenParamsSchema, response: z.unknown() }),
} as const;
