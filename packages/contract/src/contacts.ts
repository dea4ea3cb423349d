import { z } from 'zod';
import { digitsOnly } from './format';

/** Contacts belong to their owner (spec 001 §6). phone_number is 10 digits; `phone` repeats it (the API form). */
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
});
export type Contact = z.infer<typeof ContactSchema>;

/** GET /api/contacts: the owner's contacts ordered by name. */
export const ContactListSchema = z.object({ contacts: z.array(ContactSchema), total: z.number().int() });
export type ContactList = z.infer<typeof ContactListSchema>;

/** GET /api/contacts query: q matches name, phone digits or email; limit default 1000 (the assignee pickers need all), max 5000. */
export const ListContactsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListContactsQuery = z.infer<typeof ListContactsQuerySchema>;

/** Contact name (spec 001 §5). */
export const ContactNameSchema = z.string({ error: 'Contact name is required' }).trim().min(1, 'Contact name is required').max(200);

/** Contact phone (spec 001 §5): required; formatting stripped; exactly 10 digits; stored digits only. */
export const ContactPhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(40, 'Please enter a valid 10-digit phone number')
  .transform(digitsOnly)
  .refine((d) => d.length === 10, 'Please enter a valid 10-digit phone number');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const OptionalEmailSchema = z
  .union([z.literal(''), z.null(), z.email({ error: 'Please enter a valid email address' }).trim().max(320)])
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
