import { z } from 'zod';
import { IdParamsSchema, OkSchema, optionalText, pageQueryShape } from './common';
import { defineEndpoint } from './endpoint';
import { OptionalFilterTextSchema } from './work-enums';
import { digitsOnly, INVALID_EMAIL_MESSAGE, INVALID_PHONE_MESSAGE, isEmailAddress, isTenDigitPhone } from './rules';

/**
 * Contacts belong to their owner (spec 001 §6), who may share them with their groups; members read them.
 * phone_number is 10 digits; `phone` repeats it (the API form).
 */
export const ContactSchema = z.object({
  id: z.uuid(),
  owner_id: z.uuid(),
  name: z.string(),
  phone_number: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  role: z.string().nullable(),
  email_opt_in: z.boolean(),
  sms_opt_in: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whose it is when someone else shared it with a group the caller is in (read-only then); null for the caller's own. */
  shared_by: z.string().nullable(),
  /** The groups the owner shared it with (the caller's own contacts; [] for one shared with the caller). */
  shared_group_ids: z.array(z.uuid()),
});
export type Contact = z.infer<typeof ContactSchema>;

/** The most groups one contact is shared with in one request. */
export const SHARE_GROUPS_MAX = 100;

/** PUT /api/contacts/:id/groups: the whole set of groups the contact is shared with (spec 001: replace its rows). */
export const ShareContactBodySchema = z
  .object({ group_ids: z.array(z.uuid({ error: 'Each group id must be a UUID' })).max(SHARE_GROUPS_MAX).transform((ids) => [...new Set(ids)]) })
  .strict();
export type ShareContactBody = z.input<typeof ShareContactBodySchema>;

/** The picker's contact groups (spec 001 §3 "contact groups: id, name"): an owner's named list of their contacts. */
export const ContactGroupSchema = z.object({ id: z.uuid(), name: z.string(), contacts: z.array(ContactSchema) });
export type ContactGroup = z.infer<typeof ContactGroupSchema>;
export const ContactGroupListSchema = z.object({ contact_groups: z.array(ContactGroupSchema) });
export type ContactGroupList = z.infer<typeof ContactGroupListSchema>;

export const CONTACT_GROUP_MAX_CONTACTS = 500;

/** POST /api/contact-groups: a non-blank name and the caller's contacts in it. */
export const CreateContactGroupBodySchema = z
  .object({
    name: z.string({ error: 'Group name is required' }).trim().min(1, 'Group name is required').max(100, 'Group name must be at most 100 characters'),
    contact_ids: z
      .array(z.uuid({ error: 'Each contact id must be a UUID' }))
      .min(1, 'Choose at least one contact')
      .max(CONTACT_GROUP_MAX_CONTACTS)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type CreateContactGroupBody = z.input<typeof CreateContactGroupBodySchema>;

export const CONTACTS_PAGE_SIZE = 50;
export const CONTACTS_PAGE_MAX = 500;

/** GET /api/contacts: a page of the owner's contacts ordered by name, and how many match in all. */
export const ContactListSchema = z.object({ contacts: z.array(ContactSchema), total: z.number().int() });
export type ContactList = z.infer<typeof ContactListSchema>;

/**
 * GET /api/contacts query: q matches name, phone digits or email; a page of `limit` (default 50, max 500) from
 * `offset`. Lists and pickers page or search on the server: an owner may have any number of contacts.
 */
export const ListContactsQuerySchema = z.object({
  q: OptionalFilterTextSchema,
  /**
   * Only contacts not in this group (matched by phone, spec 002 §2 invite list): left out by the server before the
   * page is cut, so a list whose first 50 are all members still shows the others. A group the caller is in.
   */
  not_in_group: z.uuid({ error: 'Group not found' }).optional(),
  ...pageQueryShape({ defaultLimit: CONTACTS_PAGE_SIZE, maxLimit: CONTACTS_PAGE_MAX }),
});
export type ListContactsQuery = z.infer<typeof ListContactsQuerySchema>;

/** Most phone numbers one by-phone lookup answers (a screen's worth of assignees and phone-like client names). */
export const CONTACTS_BY_PHONE_MAX = 500;

/**
 * GET /api/contacts/by-phone?phones=a,b,c: the caller's contacts whose phone matches one of the given numbers by
 * the spec 001 §5 rules (raw, digits only, +1 prefix) — how screens turn phone numbers into names without
 * loading every contact.
 */
export const ContactsByPhoneQuerySchema = z.object({
  phones: z
    .string()
    .max(CONTACTS_BY_PHONE_MAX * 20)
    .transform((v) => [...new Set(v.split(',').map((p) => p.trim()).filter(Boolean))])
    .refine((list) => list.length <= CONTACTS_BY_PHONE_MAX, `At most ${CONTACTS_BY_PHONE_MAX} phone numbers`),
});
export const ContactsByPhoneSchema = z.object({ contacts: z.array(ContactSchema) });
export type ContactsByPhone = z.infer<typeof ContactsByPhoneSchema>;

/** Contact name (spec 001 §5). */
export const ContactNameSchema = z.string({ error: 'Contact name is required' }).trim().min(1, 'Contact name is required').max(200);

/** Contact phone (spec 001 §5): required; formatting stripped; exactly 10 digits; stored digits only. */
export const ContactPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(40, INVALID_PHONE_MESSAGE)
  .refine(isTenDigitPhone, INVALID_PHONE_MESSAGE)
  .transform(digitsOnly);

/** Optional email (spec 001 §5): '' or null is none; otherwise the one email rule (rules.ts); stored lower-case. */
export const OptionalEmailSchema = z
  .union([z.null(), z.string().trim().max(320, INVALID_EMAIL_MESSAGE).refine((v) => v === '' || isEmailAddress(v), INVALID_EMAIL_MESSAGE)])
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null));

/** POST /api/contacts. `phone` is accepted as an alias of phone_number (the API form); errors name phone_number. */
export const CreateContactBodySchema = z.preprocess(
  (raw) => {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const { phone, ...rest } = raw as Record<string, unknown>;
      return rest.phone_number === undefined && phone !== undefined ? { ...rest, phone_number: phone } : rest;
    }
    return raw;
  },
  z.object({
    name: ContactNameSchema,
    phone_number: ContactPhoneSchema,
    email: OptionalEmailSchema,
    notes: optionalText(5000),
    role: optionalText(100),
    email_opt_in: z.boolean().default(false),
    sms_opt_in: z.boolean().default(false),
  }),
);
export type CreateContactBody = z.input<typeof CreateContactBodySchema>;

/** PUT /api/contacts/:id: any subset of the fields, each validated as on create. */
export const UpdateContactBodySchema = z
  .object({
    name: ContactNameSchema,
    phone_number: ContactPhoneSchema,
    email: OptionalEmailSchema,
    notes: optionalText(5000),
    role: optionalText(100),
    email_opt_in: z.boolean(),
    sms_opt_in: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateContactBody = z.input<typeof UpdateContactBodySchema>;

const contactTags = ['contacts'];

/** The contacts endpoints (spec 001 §7), defined once for the server and the clients. */
export const contactEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/contacts',
    access: 'user',
    summary: "A page of the caller's contacts ordered by name, searched by words",
    tags: contactTags,
    query: ListContactsQuerySchema,
    response: ContactListSchema,
  }),
  byPhone: defineEndpoint({
    method: 'GET',
    path: '/api/contacts/by-phone',
    access: 'user',
    summary: "The caller's contacts whose phone matches one of the given numbers (names for phones on a screen)",
    tags: contactTags,
    query: ContactsByPhoneQuerySchema,
    response: ContactsByPhoneSchema,
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/contacts/:id', access: 'user', summary: 'One of the caller’s contacts', tags: contactTags, params: IdParamsSchema, response: ContactSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/contacts',
    access: 'user',
    offlineQueued: true,
    summary: 'Create a contact (409 when the owner already has one with this phone)',
    tags: contactTags,
    body: CreateContactBodySchema,
    status: 201,
    response: ContactSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/contacts/:id',
    access: 'user',
    offlineQueued: true,
    summary: 'Edit a contact',
    tags: contactTags,
    params: IdParamsSchema,
    body: UpdateContactBodySchema,
    response: ContactSchema,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/contacts/:id', access: 'user', offlineQueued: true, summary: 'Delete a contact', tags: contactTags, params: IdParamsSchema, response: OkSchema }),
  share: defineEndpoint({
    method: 'PUT',
    path: '/api/contacts/:id/groups',
    access: 'user',
    summary: 'Share one of the caller’s contacts with exactly these groups of theirs (an empty list stops sharing)',
    tags: contactTags,
    params: IdParamsSchema,
    body: ShareContactBodySchema,
    response: ContactSchema,
  }),
  listGroups: defineEndpoint({
    method: 'GET',
    path: '/api/contact-groups',
    access: 'user',
    summary: "The caller's contact groups for the picker, with their contacts",
    tags: contactTags,
    response: ContactGroupListSchema,
  }),
  createGroup: defineEndpoint({
    method: 'POST',
    path: '/api/contact-groups',
    access: 'user',
    summary: 'Name a selection of the caller’s contacts as a contact group',
    tags: contactTags,
    body: CreateContactGroupBodySchema,
    status: 201,
    response: ContactGroupSchema,
  }),
  removeGroup: defineEndpoint({
    method: 'DELETE',
    path: '/api/contact-groups/:id',
    access: 'user',
    summary: 'Delete a contact group (its contacts stay)',
    tags: contactTags,
    params: IdParamsSchema,
    response: OkSchema,
  }),
};
