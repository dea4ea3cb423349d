import { contactAddress, NO_CONTACT_SELECTED, noValidRecipientsMessage, type Delivery, type SendMethod } from '@fieldbook/contract';
import type { Db, Tx } from '../../db/client';
import { workspaceName } from '../workspaces';
import type { Actor } from '../../platform/auth-guard';
import { fieldError } from '../../platform/errors';
import { enqueueMail, enqueueSms } from '../../platform/mail';
import { toE164 } from '../../platform/sms';
import type { TokenSigner } from '../../platform/tokens';
import { findContactsByIds } from '../contacts';
import type { DocumentRow } from './documents.repository';
import { documentShares } from './documents.schema';
import { sharedDocumentToken } from './shared-link';

export type Recipient = { contact_id: string; name: string; address: string };
export type Recipients = { method: SendMethod; valid: Recipient[]; skipped: Delivery['skipped'] };

/**
 * The chosen contacts (the caller's own or shared with their groups) with the address `method` needs: a phone for
 * SMS, an email for email (spec 001 §5). Refuses before anything is written: none chosen, one the caller cannot
 * see, or none with that address.
 */
export async function resolveRecipients(opts: { db: Db; actor: Actor; ids: readonly string[]; method: SendMethod }): Promise<Recipients> {
  if (opts.ids.length === 0) throw fieldError('recipients', NO_CONTACT_SELECTED);
  const contacts = await findContactsByIds({ db: opts.db, actor: opts.actor, ids: opts.ids });
  if (contacts.length !== new Set(opts.ids).size) throw fieldError('recipients', 'Some of the chosen contacts were not found');
  const valid: Recipient[] = [];
  const skipped: Delivery['skipped'] = [];
  for (const c of contacts) {
    // The contract's rule (the send modal filters with it too); SMS goes to the E.164 form.
    const found = contactAddress(c, opts.method);
    const address = found && opts.method === 'sms' ? toE164(found) : found;
    if (address) valid.push({ contact_id: c.id, name: c.name, address });
    else skipped.push({ contact_id: c.id, name: c.name, reason: opts.method === 'sms' ? 'No phone number' : 'No email address' });
  }
  if (valid.length === 0) throw fieldError('recipients', noValidRecipientsMessage(opts.method));
  return { method: opts.method, valid, skipped };
}

/** The sender's name: the workspace's (the workspaces feature's). */
export { workspaceName };

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * Queues `doc` for each recipient in the outbox (inside the caller's transaction, so a document is sent only when
 * it is stored): by email with the file attached (read from the blob store when the mail goes out), or by SMS
 * with a signed link that downloads it without signing in for 7 days. Each recipient contact is recorded
 * (`document_shares`, with that link's expiry): their client hub lists the document while the link lives.
 */
export async function queueDocumentDelivery(
  tx: Tx,
  opts: { signer: TokenSigner; publicUrl: string; now: Date; company: string; label: string; doc: Pick<DocumentRow, 'id' | 'workspaceId' | 'name' | 'mimeType' | 'fileSize' | 'storageKey'>; about: string | null; recipients: Recipients },
): Promise<Delivery> {
  const { doc, recipients, company, label } = opts;
  const { token, expiresAt } = sharedDocumentToken(opts.signer, doc.id, opts.now);
  // Who got it (the client hub lists it until the link below expires); a send again renews it.
  await tx
    .insert(documentShares)
    .values(recipients.valid.map((r) => ({ workspaceId: doc.workspaceId, documentId: doc.id, contactId: r.contact_id, method: recipients.method, sharedAt: opts.now, linkExpiresAt: expiresAt })))
    .onConflictDoUpdate({
      target: [documentShares.documentId, documentShares.contactId],
      set: { method: recipients.method, sharedAt: opts.now, linkExpiresAt: expiresAt },
    });
  if (recipients.method === 'email') {
    for (const r of recipients.valid) {
      await enqueueMail(tx, {
        to: r.address,
        subject: `${label} from ${company}${opts.about ? ` — ${opts.about}` : ''}`,
        text: [
          `Hello ${r.name},`,
          '',
          `${company} has sent you ${article(label)} ${label.toLowerCase()}${opts.about ? ` for ${opts.about}` : ''}. It is attached to this email: ${doc.name}.`,
          '',
          `Reply to this email or call ${company} with any questions.`,
        ].join('\n'),
        attachments: [{ file_name: doc.name, content_type: doc.mimeType ?? 'application/octet-stream', blob_key: doc.storageKey!, size: doc.fileSize ?? 0 }],
      });
    }
  } else {
    const link = `${opts.publicUrl}/api/shared-documents/${token}`;
    for (const r of recipients.valid) {
      await enqueueSms(tx, { to: r.address, text: `${company}: your ${label.toLowerCase()}${opts.about ? ` for ${opts.about}` : ''} is ready. Download it (link valid 7 days): ${link}` });
    }
  }
  return { method: recipients.method, sent_to: recipients.valid, skipped: recipients.skipped };
}
