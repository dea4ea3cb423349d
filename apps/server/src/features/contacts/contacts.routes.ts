import {
  ContactListSchema,
  ContactSchema,
  ContactsByPhoneQuerySchema,
  ContactsByPhoneSchema,
  CreateContactBodySchema,
  IdParamsSchema,
  ListContactsQuerySchema,
  OkSchema,
  UpdateContactBodySchema,
} from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { createContact, deleteContact, findContacts, findContactsByPhone, getContactById, updateContact } from './contacts.service';

const tags = ['contacts'];

export async function contactsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/contacts',
    { schema: { tags, summary: "The caller's contacts, ordered by name", querystring: ListContactsQuerySchema, response: { 200: ContactListSchema } } },
    async (req) => findContacts({ db, actor: requireActor(req), query: req.query }),
  );

  // Registered before /contacts/:id so 'by-phone' is never taken for an id.
  api.get(
    '/contacts/by-phone',
    {
      schema: {
        tags,
        summary: "The caller's contacts whose phone matches one of the given numbers (names for phones on a screen)",
        querystring: ContactsByPhoneQuerySchema,
        response: { 200: ContactsByPhoneSchema },
      },
    },
    async (req) => findContactsByPhone({ db, actor: requireActor(req), phones: req.query.phones }),
  );

  api.get(
    '/contacts/:id',
    { schema: { tags, summary: 'One of the caller’s contacts', params: IdParamsSchema, response: { 200: ContactSchema } } },
    async (req) => getContactById({ db, actor: requireActor(req), contactId: req.params.id }),
  );

  api.post(
    '/contacts',
    { schema: { tags, summary: 'Create a contact', body: CreateContactBodySchema, response: { 201: ContactSchema } } },
    async (req, reply) => reply.status(201).send(await createContact({ db, actor: requireActor(req), input: req.body })),
  );

  api.put(
    '/contacts/:id',
    { schema: { tags, summary: 'Edit a contact', params: IdParamsSchema, body: UpdateContactBodySchema, response: { 200: ContactSchema } } },
    async (req) => updateContact({ db, actor: requireActor(req), contactId: req.params.id, input: req.body }),
  );

  api.delete(
    '/contacts/:id',
    { schema: { tags, summary: 'Delete a contact', params: IdParamsSchema, response: { 200: OkSchema } } },
    async (req) => {
      await deleteContact({ db, actor: requireActor(req), contactId: req.params.id });
      return { ok: true as const };
    },
  );
}
