import type { Db } from '../db/client';

/**
 * Things a user added that another feature acts on without the owner knowing it (issue 25: Drive copies them): a
 * document uploaded or generated, a call recording stored, a transcript finished, a task list sent. The owner says
 * `itemAdded(db, item)` once the item is committed; listeners registered for that database (`onItemAdded`) run then.
 * Owners never import their listeners (documents and recordings do not import drive: no cycle), and a listener's
 * failure never fails the owner's request — it is reported to `onError`.
 *
 * Listeners are kept per database object, so two apps in one process (tests) each hear their own database's items.
 * In process, not durable: a crash between the owner's commit and the listener loses the notice (the listener's
 * own write — Drive's copy row — is one short insert right after the commit).
 */
export type AddedItem = {
  kind: 'document' | 'recording' | 'transcript' | 'task_list';
  /** The owner's id of the item (a document's, a recording's — also for its transcript). */
  id: string;
  userId: string;
  workspaceId: string | null;
  /** A file name for it. */
  name: string;
  mimeType: string;
  /** Where its content is in the blob store, or null when `text` is the content. */
  blobKey: string | null;
  text?: string;
  size: number;
  /** The job it belongs to, when it has one (documents: the client's folder). */
  jobId?: string | null;
  /** The Drive file it was imported from (the Document Manager's upload from the cloud drive): no copy is made. */
  importedFrom?: string | null;
};

type Listener = (item: AddedItem) => Promise<void>;
type Registry = { listeners: Set<Listener>; onError: (err: unknown, item: AddedItem) => void };

const registries = new WeakMap<Db, Registry>();

function registryOf(db: Db): Registry {
  let registry = registries.get(db);
  if (!registry) {
    registry = { listeners: new Set(), onError: () => {} };
    registries.set(db, registry);
  }
  return registry;
}

/** Registers a listener for items added on `db`; answers the function that removes it. */
export function onItemAdded(db: Db, listener: Listener, onError?: (err: unknown, item: AddedItem) => void): () => void {
  const registry = registryOf(db);
  registry.listeners.add(listener);
  if (onError) registry.onError = onError;
  return () => registry.listeners.delete(listener);
}

/** Tells the listeners of `db` about an item just committed; waits for them, never throws. */
export async function itemAdded(db: Db, item: AddedItem): Promise<void> {
  const registry = registries.get(db);
  if (!registry) return;
  await Promise.all(
    [...registry.listeners].map(async (listener) => {
      try {
        await listener(item);
      } catch (err) {
        registry.onError(err, item);
      }
    }),
  );
}
