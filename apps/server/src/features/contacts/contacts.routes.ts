import { contactEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createContactGroup, deleteContactGroup, listContactGroups } from './contact-groups.service';
import { createContact, deleteContact, findContacts, findContactsByPhone, getContactById, shareContact, updateContact } from './contacts.service';

/** The contacts endpoints (contactEndpoints in the contract), registered in the /api scope. */
export async function contactsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;

  route(app, contactEndpoints.list, async ({ actor, query }) => findContacts({ db, actor, query }));

  // Registered before /contacts/:id so 'by-phone' is never taken for an id.
  route(app, contactEndpoints.byPhone, async ({ actor, query }) => findContactsByPhone({ db, actor, phones: query.phones }));

  route(app, contactEndpoints.get, async ({ actor, params }) => getContactById({ db, actor, contactId: params.id }));

  route(app, contactEndpoints.create, async ({ actor, body }) => createContact({ db, actor, input: body }));

  route(app, contactEndpoints.update, async ({ actor, params, body }) => updateContact({ db, actor, contactId: params.id, input: body }));

  route(app, contactEndpoints.remove, async ({ actor, params }) => {
    await deleteContact({ db, actor, contactId: params.id });
    return { ok: true as const };
  });

  route(app, contactEndpoints.share, async ({ actor, params, body }) => shareContact({ db, actor, contactId: params.id, groupIds: body.group_ids }));

  route(app, contactEndpoints.listGroups, async ({ actor }) => listContactGroups({ db, actor }));

  route(app, contactEndpoints.createGroup, async ({ actor, body }) => createContactGroup({ db, actor, input: body }));

  route(app, contactEndpoints.removeGroup, async ({ actor, params }) => {
    await deleteContactGroup({ db, actor, id: params.id });
    return { ok: true as const };
  });
}
