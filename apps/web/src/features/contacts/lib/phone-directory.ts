import { buildPhoneIndex, type Contact } from '@fieldbook/contract';

/** Contacts indexed by every phone key (spec 001 §5 matching), built once per answer for many rows. */
export type PhoneDirectory = {
  contacts: readonly Contact[];
  index: ReadonlyMap<string, Contact>;
};

export function phoneDirectory(contacts: readonly Contact[]): PhoneDirectory {
  return { contacts, index: buildPhoneIndex(contacts) };
}
