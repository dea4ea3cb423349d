import { contactEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createContactGroup, deleteContactGroup, listContactGroups } from './contact-groups.service';
import { createContact, deleteContact, findContacts, findContactsByPhone, getContactById, shareContact, updateContact } from './contacts.service';

/** The contacts endpoints (contactEndpoints in the contract), registered in the /api scope. */
export async function contactsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;

  route(app, contactEndpoints.list, async ({ req, query }) => findContacts({ db, actor: requireActor(req), query }));

  // Registered before /contacts/:id so 'by-phone' is never taken for an id.
  route(app, contactEndpoints.byPhone, async ({ req, query }) => findContactsByPhone({ db, actor: requireActor(req), phones: query.phones }));

  route(app, contactEndpoints.get, async ({ req, params }) => getContactById({ db, actor: requireActor(req), contactId: params.id }));

  route(app, contactEndpoints.create, async ({ req, body }) => createContact({ db, actor: requireActor(req), input: body }));

  route(app, contactEndpoints.update, async ({ req, params, body }) => updateContact({ db, actor: requireActor(req), contactId: params.id, input: body }));

  route(app, contactEndpoints.remove, async ({ req, params }) => {
    await deleteContact({ db, actor: requireActor(req), contactId: params.id });
    return { ok: true as const };
  });

  route(app, contactEndpoints.share, async ({ req, params, body }) => shareContact({ db, actor: requireActor(req), contactId: params.id, groupIds: body.group_ids }));

  route(app, contactEndpoints.listGroups, async ({ req }) => listContactGroups({ db, actor: requireActor(req) }));

  route(app, contactEndpoints.createGroup, async ({ req, body }) => createContactGroup({ db, actor: requireActor(req), input: body }));

  route(app, contactEndpoints.removeGroup, async ({ req, params }) => {
    await deleteContactGroup({ db, actor: requireActor(req), id: params.id });
    return { ok: true as const };
  });
}
