import { escapeHtml } from '../../platform/html';
import { URL_PATTERN, trimTrailingPunctuation, type MailboxMessage } from './dev-mailbox.service';


/** Escapes a message body and turns its http(s) URLs into links; only http(s) ever becomes an href. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimTrailingPunctuation(match[0]);
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

// Inline styles only (the app's CSP allows inline styles, not scripts): the page needs no script at all.
const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2125}
header{background:#1c7ed6;color:#fff;padding:12px 20px}header h1{margin:0;font-size:18px}
main{max-width:960px;margin:0 auto;padding:16px 20px}
form{display:flex;gap:8px;margin-bottom:16px}input{flex:1;padding:6px 8px;border:1px solid #ced4da;border-radius:4px}
button,a.button{padding:6px 12px;border:1px solid #1c7ed6;background:#fff;color:#1c7ed6;border-radius:4px;text-decoration:none;cursor:pointer}
article{background:#fff;border:1px solid #dee2e6;border-radius:6px;padding:12px 16px;margin-bottom:12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}dt{color:#868e96}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#f8f9fa;padding:8px;border-radius:4px;margin:0}
.status{font-weight:600}.status-failed,.error{color:#c92a2a}.status-pending{color:#e67700}.empty{color:#868e96}
`;

function attachments(m: MailboxMessage): string {
  if (m.attachments.length === 0) return '';
  const names = m.attachments.map((a) => `${escapeHtml(a.file_name)} (${escapeHtml(a.content_type)}, ${a.size} bytes)`);
  return `<dt>Attached</dt><dd>${names.join('<br>')}</dd>`;
}

function renderMessage(m: MailboxMessage): string {
  const error = m.last_error ? `<dt>Last error</dt><dd class="error">${escapeHtml(m.last_error)} (attempt ${m.attempts})</dd>` : '';
  return `<article>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to)}${m.channel === 'sms' ? ' (SMS)' : ''}</dd>
<dt>Subject</dt><dd>${escapeHtml(m.subject ?? '(no subject)')}</dd>
<dt>Time</dt><dd><time datetime="${m.created_at}">${escapeHtml(m.created_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></dd>
<dt>Status</dt><dd class="status status-${escapeHtml(m.status)}">${escapeHtml(m.status)}</dd>${error}${attachments(m)}
</dl>
<pre>${linkify(m.body)}</pre>
</article>`;
}

/** The development mailbox: a self-contained page (no external assets), newest message first. */
export function renderMailboxPage({ messages, to }: { messages: MailboxMessage[]; to: string | undefined }): string {
  const list = messages.length ? messages.map(renderMessage).join('\n') : `<p class="empty">No messages${to ? ` for ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Fieldbook</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Development mailbox</h1></header>
<main>
<p>Mail and SMS the server has written to its outbox, newest first. This page is off in production (DEV_MAILBOX=false).</p>
<form method="get" action="/dev/mailbox">
<input type="search" name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" aria-label="Recipient">
<button type="submit">Filter</button>
<a class="button" href="/dev/mailbox">All</a>
</form>
${list}
</main>
</body>
</html>
`;
}
