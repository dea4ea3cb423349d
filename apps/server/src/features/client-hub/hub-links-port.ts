import { hubLinkLine } from '@fieldbook/contract';
import type { Db } from '../../db/client';
import type { ClientHubLinks } from '../../platform/client-links';
import type { TokenSigner } from '../../platform/tokens';
import { hubLinkFor, hubLinkForItem } from './client-hub.service';

/** The hub's links as the senders of messages take them (the port is platform/client-links.ts `ClientHubLinks`). */
export function clientHubLinks(deps: { signer: TokenSigner; publicUrl: string }): ClientHubLinks {
  const base = (db: Db, now: Date) => ({ db, signer: deps.signer, publicUrl: deps.publicUrl, now });
  return {
    forSend: async (tx, o) => hubLinkLine(o.company, await hubLinkFor(base(tx, o.now), { workspaceId: o.workspaceId, contactId: o.contactId, senderId: o.senderId, item: o.item })),
    forItem: async (tx, o) => {
      const link = await hubLinkForItem(base(tx, o.now), { workspaceId: o.workspaceId, kind: o.kind, itemId: o.itemId });
      return link ? hubLinkLine(o.company, link) : null;
    },
  };
}
