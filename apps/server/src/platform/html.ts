/** The characters HTML text and attribute values must not hold as they are. */
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/g;

/**
 * Text made safe inside HTML, as element content or a quoted attribute value: & < > " ' as entities. One home for the
 * server's HTML (mails, the development mailbox, search excerpts). A text without any of them — nearly every one — is
 * returned as it is, without a new string: a search page escapes ~60 pieces of text (issue 37).
 */
export function escapeHtml(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x26 || c === 0x3c || c === 0x3e || c === 0x22 || c === 0x27) return text.replace(SPECIAL, (ch) => ESCAPES[ch]!);
  }
  return text;
}
