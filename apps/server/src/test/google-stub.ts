import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking the parts of Google's OAuth 2 and Drive v3 HTTP APIs Fieldbook uses — a stub of the
 * third party, written from Google's documented shapes (no maintained emulator exists: the npm ones corrupt binary
 * multipart bodies, ignore `q` or lack resumable uploads). The production code reaches it over HTTP through
 * GOOGLE_OAUTH_URL, GOOGLE_TOKEN_URL, GOOGLE_REVOKE_URL and GOOGLE_API_URL, as it would reach Google.
 *
 * OAuth: GET /o/oauth2/v2/auth (a consent page whose Allow link redirects to redirect_uri with code and state; the
 * PKCE challenge is kept with the code), POST /token (authorization_code with code_verifier checked against the S256
 * challenge; refresh_token), POST /revoke. Errors as Google's: `{ error: 'invalid_grant', error_description }`.
 *
 * Drive v3: GET /drive/v3/about?fields=user; GET /drive/v3/files (q: name =, mimeType = / !=, 'id' in parents,
 * trashed = false, joined by and; pageSize, pageToken); POST /drive/v3/files (metadata only: folders);
 * GET /drive/v3/files/generateIds; GET /drive/v3/files/:id (alt=media for the content); POST /upload/drive/v3/files
 * ?uploadType=multipart (multipart/related: JSON metadata, then the media) and ?uploadType=resumable (a session URI in
 * Location; PUT chunks with Content-Range, 308 with Range until the last; chunks other than the last must be
 * multiples of 256 KiB; `Content-Range: bytes *\/total` asks where the session is). A generated id used twice is 409.
 * Errors as Drive's: `{ error: { code, message, errors: [{ domain, reason, message }], status } }`.
 *
 * Faults on demand: `failNext` (any status and reason, with Retry-After), `dropNextChunk` (the socket closed half way
 * through a resumable chunk, after storing nothing of it), `expireAccessTokens`, `revokeRefreshTokens`.
 * Every request is recorded in `requests` (method, path, query; not bodies).
 */
export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const CHUNK_GRANULARITY = 256 * 1024;

export type StubFile = {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  size: number;
  sha256: string;
  /** The bytes (null when the stub was started with keepContent false: benchmarks of big files). */
  content: Buffer | null;
  createdTime: string;
  owner: string;
};

type Session = { id: string; metadata: Record<string, unknown>; total: number | null; received: number; hash: ReturnType<typeof createHash>; parts: Buffer[]; owner: string };
type Grant = { refreshToken: string; user: string; revoked: boolean };
type Fault = { status: number; reason: string; message: string; retryAfter?: number; match?: (req: StubRequest) => boolean; drop?: boolean };

export type StubRequest = { method: string; path: string; query: URLSearchParams; authorization: string | undefined };
export type StubUser = { displayName: string; emailAddress: string };

export type GoogleStub = {
  /** http://127.0.0.1:port — GOOGLE_API_URL. */
  url: string;
  /** The environment pointing Fieldbook at this stub (with client id and secret). */
  env: Record<string, string>;
  clientId: string;
  clientSecret: string;
  requests: StubRequest[];
  files: Map<string, StubFile>;
  /** The Google account the next consents sign in (`useAccount` changes it). */
  user: StubUser;
  /** Consents from now on sign in this account (another user's own Drive). */
  useAccount: (user: StubUser) => void;
  /** Access tokens in force, by token: the account they act for and when they expire. */
  accessTokens: Map<string, { user: string; expiresAt: number; grant: string }>;
  grants: Map<string, Grant>;
  /** Refresh-token grants asked for (authorization_code and refresh_token). */
  tokenCalls: { grantType: string }[];
  revoked: string[];
  /** Simulates the user pressing Allow on the consent page for this authorization URL: the redirect URL with code and state. */
  approve: (authorizationUrl: string) => string;
  /** The next `times` requests matching `match` (default: any Drive request) answer this error. */
  failNext: (fault: Omit<Fault, 'message'> & { message?: string }, times?: number) => void;
  /** The next resumable chunk is cut off half way: the socket is destroyed and nothing of it is kept. */
  dropNextChunk: () => void;
  /** Every access token issued so far answers 401 from now on. */
  expireAccessTokens: () => void;
  /** Every refresh token answers invalid_grant from now on (the user removed the app's access). */
  revokeRefreshTokens: () => void;
  /** Files (not folders) whose name is `name`. */
  filesNamed: (name: string) => StubFile[];
  close: () => Promise<void>;
};

function driveError(res: ServerResponse, code: number, reason: string, message: string, headers: Record<string, string> = {}) {
  const domain = reason.endsWith('RateLimitExceeded') || reason === 'rateLimitExceeded' || reason === 'quotaExceeded' || reason === 'storageQuotaExceeded' ? 'usageLimits' : 'global';
  const status = code === 401 ? 'UNAUTHENTICATED' : code === 403 ? 'PERMISSION_DENIED' : code === 404 ? 'NOT_FOUND' : code === 409 ? 'ALREADY_EXISTS' : code === 429 ? 'RESOURCE_EXHAUSTED' : code >= 500 ? 'UNAVAILABLE' : 'INVALID_ARGUMENT';
  json(res, code, { error: { code, message, errors: [{ domain, reason, message }], status } }, headers);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const newId = () => randomBytes(21).toString('base64url').replace(/[-_]/g, 'x').slice(0, 28);

/**
 * A Drive `q` as the product writes it: clauses — `name = '…'`, `mimeType = '…'`, `mimeType != '…'`, `'…' in parents`,
 * `trashed = false|true` — joined by `and` / `or` (and binding tighter) with parentheses, strings with \' and \\ escapes.
 * Anything else is refused (400), as Google refuses an invalid query, so a test never passes on a filter the
 * stub ignored.
 */
export function parseDriveQuery(q: string): ((f: StubFile) => boolean) | null {
  type Test = (f: StubFile) => boolean;
  let rest = q.trim();
  const str = `'((?:[^'\\\\]|\\\\.)*)'`;
  const unescape = (s: string) => s.replace(/\\(.)/g, '$1');
  const eat = (re: RegExp): RegExpExecArray | null => {
    const m = re.exec(rest);
    if (m) rest = rest.slice(m[0].length).trimStart();
    return m;
  };
  const clause = (): Test | null => {
    let m: RegExpExecArray | null;
    if (eat(/^\(/)) {
      const inner = orExpr();
      return inner && eat(/^\)/) ? inner : null;
    }
    if ((m = eat(new RegExp(`^name\\s*=\\s*${str}`)))) {
      const v = unescape(m[1]!);
      return (f) => f.name === v;
    }
    if ((m = eat(new RegExp(`^mimeType\\s*(!?=)\\s*${str}`)))) {
      const [op, v] = [m[1], unescape(m[2]!)];
      return (f) => (op === '=' ? f.mimeType === v : f.mimeType !== v);
    }
    if ((m = eat(new RegExp(`^${str}\\s+in\\s+parents`)))) {
      const v = unescape(m[1]!);
      return (f) => f.parents.includes(v);
    }
    if ((m = eat(/^trashed\s*=\s*(true|false)/))) {
      const v = m[1] === 'true';
      return (f) => f.trashed === v;
    }
    return null;
  };
  const andExpr = (): Test | null => {
    const tests: Test[] = [];
    for (;;) {
      const t = clause();
      if (!t) return null;
      tests.push(t);
      if (!eat(/^and\b/i)) return (f) => tests.every((x) => x(f));
    }
  };
  const orExpr = (): Test | null => {
    const tests: Test[] = [];
    for (;;) {
      const t = andExpr();
      if (!t) return null;
      tests.push(t);
      if (!eat(/^or\b/i)) return (f) => tests.some((x) => x(f));
    }
  };
  const test = orExpr();
  return test && rest.length === 0 ? test : null;
}

/** The parts of a multipart/related body (Drive's multipart upload): headers and raw bytes each. */
function relatedParts(body: Buffer, contentType: string): { headers: string; data: Buffer }[] | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: string; data: Buffer }[] = [];
  let pos = body.indexOf(delimiter);
  while (pos >= 0) {
    const start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before the CRLF that precedes the next delimiter
    const sep = part.indexOf('\r\n\r\n');
    if (sep < 0) return null;
    parts.push({ headers: part.subarray(0, sep).toString('utf8'), data: part.subarray(sep + 4) });
    pos = next;
  }
  return parts;
}

export async function startGoogleStub(opts: { keepContent?: boolean; user?: StubUser; accessTokenSeconds?: number } = {}): Promise<GoogleStub> {
  const keepContent = opts.keepContent ?? true;
  let user: StubUser = opts.user ?? { displayName: 'Dana Drive', emailAddress: 'dana.drive@example.com' };
  const accounts = new Map<string, StubUser>([[user.emailAddress, user]]);
  const files = new Map<string, StubFile>();
  const generated = new Set<string>();
  const sessions = new Map<string, Session>();
  const codes = new Map<string, { challenge: string; method: string; redirectUri: string; user: string; scope: string }>();
  const accessTokens = new Map<string, { user: string; expiresAt: number; grant: string }>();
  const grants = new Map<string, Grant>();
  const faults: Fault[] = [];
  let dropChunk = false;
  const clientId = 'fieldbook-test.apps.googleusercontent.com';
  const clientSecret = 'stub-client-secret';
  const stub = {
    requests: [] as StubRequest[],
    tokenCalls: [] as { grantType: string }[],
    revoked: [] as string[],
  };
  let baseUrl = '';

  const issueAccess = (grant: string, userEmail: string) => {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(token, { user: userEmail, expiresAt: Date.now() + (opts.accessTokenSeconds ?? 3599) * 1000, grant });
    return token;
  };
  const fileResource = (f: StubFile) => ({
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: f.parents,
    size: f.mimeType === FOLDER_MIME ? undefined : String(f.size),
    webViewLink: f.mimeType === FOLDER_MIME ? `https://drive.google.com/drive/folders/${f.id}` : `https://drive.google.com/file/d/${f.id}/view?usp=drivesdk`,
    createdTime: f.createdTime,
    trashed: f.trashed,
  });
  const pick = (resource: Record<string, unknown>, fields: string | null) => {
    if (!fields || fields === '*') return resource;
    const names = fields.split(',').map((x) => x.trim());
    return Object.fromEntries(Object.entries(resource).filter(([k]) => k === 'kind' || names.includes(k)));
  };
  /** Creates a file, or 409 when its generated id is taken. Ids must come from generateIds. */
  const create = (meta: Record<string, unknown>, owner: string, content: { size: number; sha256: string; bytes: Buffer | null }): StubFile | 'taken' | 'unknown-id' | { missingParent: string } => {
    const id = typeof meta.id === 'string' ? meta.id : newId();
    if (typeof meta.id === 'string' && !generated.has(id)) return 'unknown-id';
    const parent = Array.isArray(meta.parents) ? (meta.parents as string[]).find((p) => p !== 'root' && !files.has(p)) : undefined;
    if (parent) return { missingParent: parent };
    if (files.has(id)) return 'taken';
    const f: StubFile = {
      id,
      name: typeof meta.name === 'string' ? meta.name : 'Untitled',
      mimeType: typeof meta.mimeType === 'string' ? meta.mimeType : 'application/octet-stream',
      parents: Array.isArray(meta.parents) && meta.parents.length > 0 ? (meta.parents as string[]) : ['root'],
      trashed: false,
      size: content.size,
      sha256: content.sha256,
      content: keepContent ? content.bytes : null,
      createdTime: new Date().toISOString(),
      owner,
    };
    files.set(id, f);
    return f;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { code: 500, message: String(err) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    const record: StubRequest = { method: req.method ?? 'GET', path, query: url.searchParams, authorization: req.headers.authorization };
    stub.requests.push(record);

    // --- OAuth ---
    if (path === '/o/oauth2/v2/auth' && req.method === 'GET') {
      const q = url.searchParams;
      const missing = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge'].filter((k) => !q.get(k));
      if (missing.length > 0 || q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256') {
        res.writeHead(400, { 'content-type': 'text/html' });
        return res.end(`<h1>Error 400: invalid_request</h1><p>${missing.length ? `Missing ${missing.join(', ')}` : 'Bad client or challenge method'}</p>`);
      }
      const allow = approveUrl(url.toString());
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><title>Sign in - Google Accounts</title><h1>Google</h1><p>Fieldbook wants to access your Google Account ${user.emailAddress}</p>` +
          `<p>See, edit, create and delete only the specific Google Drive files you use with this app</p><a id="allow" href="${allow.replace(/&/g, '&amp;')}">Allow</a>`,
      );
    }
    if (path === '/o/oauth2/v2/auth/approve' && req.method === 'GET') {
      return res.writeHead(302, { location: approve(url.searchParams.get('url') ?? '') }).end();
    }
    if (path === '/token' && req.method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const grantType = form.get('grant_type') ?? '';
      stub.tokenCalls.push({ grantType });
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      if (grantType === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.redirectUri !== form.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        if (s256(form.get('code_verifier') ?? '') !== code.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
        const refreshToken = `1//${randomBytes(32).toString('base64url')}`;
        grants.set(refreshToken, { refreshToken, user: code.user, revoked: false });
        return json(res, 200, { access_token: issueAccess(refreshToken, code.user), expires_in: opts.accessTokenSeconds ?? 3599, refresh_token: refreshToken, scope: code.scope, token_type: 'Bearer' });
      }
      if (grantType === 'refresh_token') {
        const grant = grants.get(form.get('refresh_token') ?? '');
        if (!grant || grant.revoked) return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return json(res, 200, { access_token: issueAccess(grant.refreshToken, grant.user), expires_in: opts.accessTokenSeconds ?? 3599, scope: 'https://www.googleapis.com/auth/drive.file', token_type: 'Bearer' });
      }
      return json(res, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType}` });
    }
    if (path === '/revoke' && req.method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const token = form.get('token') ?? url.searchParams.get('token') ?? '';
      stub.revoked.push(token);
      const grant = grants.get(token) ?? grants.get(accessTokens.get(token)?.grant ?? '');
      if (!grant) return json(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      grant.revoked = true;
      for (const [t, a] of accessTokens) if (a.grant === grant.refreshToken) accessTokens.delete(t);
      return json(res, 200, {});
    }

    // --- Drive: faults, then the bearer token ---
    if (!path.startsWith('/drive/v3/') && !path.startsWith('/upload/drive/v3/')) return json(res, 404, { error: { code: 404, message: 'Not Found' } });
    const faultAt = faults.findIndex((f) => !f.match || f.match(record));
    if (faultAt >= 0) {
      const [fault] = faults.splice(faultAt, 1);
      if (fault!.drop) {
        req.socket.destroy();
        return;
      }
      await readBody(req);
      return driveError(res, fault!.status, fault!.reason, fault!.message, fault!.retryAfter !== undefined ? { 'retry-after': String(fault!.retryAfter) } : {});
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.expiresAt <= Date.now()) {
      await readBody(req);
      return driveError(res, 401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    }
    const owner = access.user;
    const mine = (f: StubFile | undefined) => (f && f.owner === owner ? f : undefined);

    if (path === '/drive/v3/about' && req.method === 'GET') {
      if (!url.searchParams.get('fields')) return driveError(res, 400, 'required', "The 'fields' parameter is required for this method.");
      const account = accounts.get(owner)!;
      return json(res, 200, { user: { kind: 'drive#user', displayName: account.displayName, emailAddress: account.emailAddress, me: true, permissionId: '0123456789' } });
    }
    if (path === '/drive/v3/files/generateIds' && req.method === 'GET') {
      const count = Number(url.searchParams.get('count') ?? 10);
      if (!Number.isInteger(count) || count < 1 || count > 1000) return driveError(res, 400, 'invalid', 'Invalid count');
      const ids = Array.from({ length: count }, () => newId());
      for (const id of ids) generated.add(id);
      return json(res, 200, { kind: 'drive#generatedIds', space: 'drive', ids });
    }
    if (path === '/drive/v3/files' && req.method === 'GET') {
      const q = url.searchParams.get('q');
      const filter = q ? parseDriveQuery(q) : () => true;
      if (!filter) return driveError(res, 400, 'invalid', 'Invalid Value', {});
      const pageSize = Math.min(Number(url.searchParams.get('pageSize') ?? 100), 1000);
      const offset = Number(url.searchParams.get('pageToken') ?? 0);
      const all = [...files.values()].filter((f) => f.owner === owner && filter(f)).sort((a, b) => a.createdTime.localeCompare(b.createdTime) || a.id.localeCompare(b.id));
      const page = all.slice(offset, offset + pageSize);
      const fields = /files\(([^)]*)\)/.exec(url.searchParams.get('fields') ?? '')?.[1] ?? 'id,name,mimeType';
      return json(res, 200, {
        kind: 'drive#fileList',
        incompleteSearch: false,
        ...(offset + pageSize < all.length ? { nextPageToken: String(offset + pageSize) } : {}),
        files: page.map((f) => pick(fileResource(f), fields)),
      });
    }
    if (path === '/drive/v3/files' && req.method === 'POST') {
      const meta = JSON.parse((await readBody(req)).toString('utf8') || '{}') as Record<string, unknown>;
      const made = create(meta, owner, { size: 0, sha256: createHash('sha256').digest('hex'), bytes: Buffer.alloc(0) });
      if (made === 'taken') return driveError(res, 409, 'duplicate', 'A file already exists with the provided ID.');
      if (made === 'unknown-id') return driveError(res, 400, 'invalid', 'The provided file ID is not usable.');
      if ('missingParent' in made) return driveError(res, 404, 'notFound', `File not found: ${made.missingParent}.`);
      return json(res, 200, pick(fileResource(made), url.searchParams.get('fields')));
    }
    const fileMatch = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
    if (fileMatch && req.method === 'GET') {
      const f = mine(files.get(decodeURIComponent(fileMatch[1]!)));
      if (!f) return driveError(res, 404, 'notFound', `File not found: ${fileMatch[1]}.`);
      if (url.searchParams.get('alt') === 'media') {
        if (!f.content) return driveError(res, 400, 'invalid', 'The stub kept no content');
        res.writeHead(200, { 'content-type': f.mimeType, 'content-length': String(f.content.length) });
        return res.end(f.content);
      }
      return json(res, 200, pick(fileResource(f), url.searchParams.get('fields')));
    }
    if (path === '/upload/drive/v3/files' && req.method === 'POST' && url.searchParams.get('uploadType') === 'multipart') {
      const body = await readBody(req);
      const parts = relatedParts(body, req.headers['content-type'] ?? '');
      if (!/^multipart\/related/.test(req.headers['content-type'] ?? '') || !parts || parts.length !== 2) return driveError(res, 400, 'badContent', 'Invalid multipart request.');
      const meta = JSON.parse(parts[0]!.data.toString('utf8')) as Record<string, unknown>;
      const bytes = parts[1]!.data;
      const made = create(meta, owner, { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: Buffer.from(bytes) });
      if (made === 'taken') return driveError(res, 409, 'duplicate', 'A file already exists with the provided ID.');
      if (made === 'unknown-id') return driveError(res, 400, 'invalid', 'The provided file ID is not usable.');
      if ('missingParent' in made) return driveError(res, 404, 'notFound', `File not found: ${made.missingParent}.`);
      return json(res, 200, pick(fileResource(made), url.searchParams.get('fields')));
    }
    if (path === '/upload/drive/v3/files' && req.method === 'POST' && url.searchParams.get('uploadType') === 'resumable') {
      const meta = JSON.parse((await readBody(req)).toString('utf8') || '{}') as Record<string, unknown>;
      if (typeof meta.id === 'string' && files.has(meta.id)) return driveError(res, 409, 'duplicate', 'A file already exists with the provided ID.');
      const missing = Array.isArray(meta.parents) ? (meta.parents as string[]).find((p) => p !== 'root' && !files.has(p)) : undefined;
      if (missing) return driveError(res, 404, 'notFound', `File not found: ${missing}.`);
      const total = req.headers['x-upload-content-length'] ? Number(req.headers['x-upload-content-length']) : null;
      const id = randomBytes(16).toString('hex');
      sessions.set(id, { id, metadata: meta, total, received: 0, hash: createHash('sha256'), parts: [], owner });
      const location = `${baseUrl}/upload/drive/v3/files?uploadType=resumable&upload_id=${id}${url.searchParams.get('fields') ? `&fields=${encodeURIComponent(url.searchParams.get('fields')!)}` : ''}`;
      res.writeHead(200, { location, 'content-length': '0' });
      return res.end();
    }
    if (path === '/upload/drive/v3/files' && req.method === 'PUT' && url.searchParams.get('upload_id')) {
      const session = sessions.get(url.searchParams.get('upload_id')!);
      if (!session || session.owner !== owner) return driveError(res, 404, 'notFound', 'Upload session not found.');
      const range = /^bytes (\*|(\d+)-(\d+))\/(\*|\d+)$/.exec(req.headers['content-range'] ?? '');
      const rangeHeader = () => (session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : ({} as Record<string, string>));
      if (!range) {
        await readBody(req);
        return driveError(res, 400, 'badContent', 'Missing or invalid Content-Range header.');
      }
      const total = range[4] === '*' ? null : Number(range[4]);
      if (range[1] === '*') {
        await readBody(req);
        if (total !== null && session.received === total) return finishSession(res, session, url);
        res.writeHead(308, { ...rangeHeader(), 'content-length': '0' });
        return res.end();
      }
      const start = Number(range[2]);
      const end = Number(range[3]);
      if (dropChunk) {
        // Read part of the chunk, then cut the connection: nothing of this chunk is kept.
        dropChunk = false;
        await new Promise<void>((resolve) => req.once('data', () => resolve()));
        req.socket.destroy();
        return;
      }
      const body = await readBody(req);
      if (start !== session.received || body.length !== end - start + 1) {
        res.writeHead(308, { ...rangeHeader(), 'content-length': '0' });
        return res.end();
      }
      const isLast = total !== null && end + 1 === total;
      if (!isLast && body.length % CHUNK_GRANULARITY !== 0) return driveError(res, 400, 'badContent', 'Chunk size must be a multiple of 256 KiB.');
      session.hash.update(body);
      if (keepContent) session.parts.push(body);
      session.received += body.length;
      if (isLast) return finishSession(res, session, url);
      res.writeHead(308, { ...rangeHeader(), 'content-length': '0' });
      return res.end();
    }
    return driveError(res, 404, 'notFound', `No route ${req.method} ${path}`);
  }

  function finishSession(res: ServerResponse, session: Session, url: URL) {
    sessions.delete(session.id);
    const made = create(session.metadata, session.owner, { size: session.received, sha256: session.hash.digest('hex'), bytes: keepContent ? Buffer.concat(session.parts) : null });
    if (made === 'taken') return driveError(res, 409, 'duplicate', 'A file already exists with the provided ID.');
    if (made === 'unknown-id') return driveError(res, 400, 'invalid', 'The provided file ID is not usable.');
    if ('missingParent' in made) return driveError(res, 404, 'notFound', `File not found: ${made.missingParent}.`);
    return json(res, 200, pick(fileResource(made), url.searchParams.get('fields')));
  }

  function approveUrl(authorizationUrl: string) {
    return `${baseUrl}/o/oauth2/v2/auth/approve?url=${encodeURIComponent(authorizationUrl)}`;
  }

  function approve(authorizationUrl: string): string {
    const q = new URL(authorizationUrl).searchParams;
    const code = `4/${randomBytes(24).toString('base64url')}`;
    codes.set(code, { challenge: q.get('code_challenge') ?? '', method: q.get('code_challenge_method') ?? '', redirectUri: q.get('redirect_uri') ?? '', user: user.emailAddress, scope: q.get('scope') ?? '' });
    const back = new URL(q.get('redirect_uri') ?? '');
    back.searchParams.set('state', q.get('state') ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('scope', q.get('scope') ?? '');
    return back.toString();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const isDrive = (r: StubRequest) => r.path.startsWith('/drive/') || r.path.startsWith('/upload/');
  return {
    ...stub,
    url: baseUrl,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_URL: `${baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${baseUrl}/token`,
      GOOGLE_REVOKE_URL: `${baseUrl}/revoke`,
      GOOGLE_API_URL: baseUrl,
    },
    clientId,
    clientSecret,
    files,
    get user() {
      return user;
    },
    useAccount: (next) => {
      user = next;
      accounts.set(next.emailAddress, next);
    },
    accessTokens,
    grants,
    approve,
    failNext: (fault, times = 1) => {
      for (let i = 0; i < times; i++) faults.push({ message: fault.reason, match: isDrive, ...fault });
    },
    dropNextChunk: () => {
      dropChunk = true;
    },
    expireAccessTokens: () => {
      for (const a of accessTokens.values()) a.expiresAt = 0;
    },
    revokeRefreshTokens: () => {
      for (const g of grants.values()) g.revoked = true;
    },
    filesNamed: (name) => [...files.values()].filter((f) => f.name === name && f.mimeType !== FOLDER_MIME),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
