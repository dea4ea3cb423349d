import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DriveConfig } from '../../config';

/**
 * A thin client on fetch for Google's OAuth 2 and Drive v3 (ADR 0009): token exchange, refresh and revoke; files.list
 * with q, files.create, generateIds, multipart and resumable uploads, files.get (alt=media), about.get. Every Drive
 * request goes through `send`, which retries what Google says to retry — 429, 403 userRateLimitExceeded /
 * rateLimitExceeded, 5xx and dropped connections — with capped exponential backoff and jitter, honouring Retry-After,
 * and answers a 401 with one refresh of the access token, then the request again. Quota and permission errors are
 * final (shown to the user).
 */

export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
export const FOLDER_MIME = 'application/vnd.google-apps.folder';
/** Drive's resumable uploads take chunks in multiples of 256 KiB (all but the last). */
export const CHUNK_GRANULARITY = 256 * 1024;
/** Files over 5 MB go up resumably (Drive's guidance for multipart is "5 MB or less"). */
export const RESUMABLE_OVER_BYTES = 5 * 1024 * 1024;
/** 32 × 256 KiB: each chunk is streamed from the blob store, never held whole. */
export const DEFAULT_CHUNK_BYTES = 32 * CHUNK_GRANULARITY;
/** Spec 000 §9: the connect component's 20 s bound on a call (metadata calls); chunks get longer. */
const CALL_TIMEOUT_MS = 20_000;
const CHUNK_TIMEOUT_MS = 10 * 60_000;
const MAX_TRIES = 6;
const MAX_DELAY_MS = 32_000;

/** What a Google answer (or its absence) means for the caller. */
export type GoogleErrorKind =
  /** Worth another try later (rate limits, 5xx, a dropped connection) — the request's own tries ran out. */
  | 'transient'
  /** The refresh token is revoked or expired: the user must connect again. */
  | 'invalid_grant'
  /** Final: quota, permission, not found, a bad request. */
  | 'final';

export class GoogleError extends Error {
  constructor(
    message: string,
    readonly kind: GoogleErrorKind,
    readonly status: number | null = null,
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'GoogleError';
  }
}

export type TokenSet = { accessToken: string; expiresIn: number; refreshToken: string | null; scope: string };

async function oauthPost(url: string, form: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (err) {
    throw new GoogleError(`Google could not be reached: ${err instanceof Error ? err.message : String(err)}`, 'transient');
  }
}

async function tokenAnswer(res: Response): Promise<TokenSet> {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const error = typeof body.error === 'string' ? body.error : `HTTP ${res.status}`;
    const description = typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
    throw new GoogleError(`${error}${description}`, error === 'invalid_grant' ? 'invalid_grant' : res.status >= 500 || res.status === 429 ? 'transient' : 'final', res.status, error);
  }
  if (typeof body.access_token !== 'string') throw new GoogleError('Google answered without an access token', 'transient', res.status);
  return {
    accessToken: body.access_token,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 3600,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    scope: typeof body.scope === 'string' ? body.scope : '',
  };
}

/** The consent page's URL: authorization code with PKCE (S256), offline access, drive.file only. */
export function authorizationUrl(config: DriveConfig, opts: { redirectUri: string; state: string; codeChallenge: string }): string {
  const url = new URL(config.oauthUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: DRIVE_SCOPE,
    state: opts.state,
    code_challenge: opts.codeChallenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    // Google gives a refresh token on the first consent only; asking again makes every connect get one.
    prompt: 'consent',
    include_granted_scopes: 'true',
  }).toString();
  return url.toString();
}

export async function exchangeCode(config: DriveConfig, opts: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet> {
  return tokenAnswer(
    await oauthPost(config.tokenUrl, {
      grant_type: 'authorization_code',
      code: opts.code,
      code_verifier: opts.codeVerifier,
      redirect_uri: opts.redirectUri,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }),
  );
}

export async function refreshAccessToken(config: DriveConfig, refreshToken: string): Promise<TokenSet> {
  return tokenAnswer(await oauthPost(config.tokenUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: config.clientId, client_secret: config.clientSecret }));
}

/** Revokes the grant (the refresh token and its access tokens). An already revoked token is not an error. */
export async function revokeToken(config: DriveConfig, token: string): Promise<void> {
  const res = await oauthPost(config.revokeUrl, { token });
  if (!res.ok && res.status !== 400) throw new GoogleError(`Revoking failed: ${res.status}`, 'transient', res.status);
}

/** The delay before try `n` (1-based): min(32 s, base × 2^(n-1)), half of it jittered; Retry-After when longer. */
export function backoffDelay(n: number, baseMs: number, retryAfterMs: number | null): number {
  const capped = Math.min(MAX_DELAY_MS, baseMs * 2 ** (n - 1));
  const jittered = capped / 2 + Math.random() * (capped / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

function retryAfterMs(res: Response): number | null {
  const value = res.headers.get('retry-after');
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

type DriveErrorBody = { error?: { code?: number; message?: string; errors?: { reason?: string }[] } };
const RATE_LIMIT_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded']);

async function errorOf(res: Response): Promise<{ reason: string | null; message: string }> {
  const body = (await res.json().catch(() => ({}))) as DriveErrorBody;
  return { reason: body.error?.errors?.[0]?.reason ?? null, message: body.error?.message ?? res.statusText };
}

export type RequestOptions = {
  method: 'GET' | 'POST' | 'PUT';
  /** A path under GOOGLE_API_URL, or an absolute URL (a resumable session). */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Made again for each try (a stream can be read once). */
  body?: () => RequestInit['body'];
  timeoutMs?: number;
  /** Statuses the caller handles itself (no retry, no error): e.g. 308 and 409. */
  accept?: number[];
};

export type DriveFileResource = { id: string; name: string; mimeType: string; parents?: string[]; webViewLink?: string; size?: string };
const FILE_FIELDS = 'id,name,mimeType,parents,webViewLink';

/**
 * A Drive client for one connection: `accessToken(force)` gives the connection's current access token, or a fresh
 * one when `force` (after a 401) — the connection code refreshes single-flight.
 */
export function driveClient(opts: { config: DriveConfig; accessToken: (force: boolean) => Promise<string> }) {
  const { config } = opts;
  const urlOf = (path: string, query?: Record<string, string>) => {
    const url = new URL(path.startsWith('http') ? path : `${config.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url.toString();
  };

  /** One Drive request with the retries of the file's top comment. */
  async function send(req: RequestOptions): Promise<Response> {
    let refreshed = false;
    let token = await opts.accessToken(false);
    for (let n = 1; ; n++) {
      let res: Response;
      try {
        res = await fetch(urlOf(req.path, req.query), {
          method: req.method,
          headers: { authorization: `Bearer ${token}`, ...req.headers },
          body: req.body?.() ?? null,
          signal: AbortSignal.timeout(req.timeoutMs ?? CALL_TIMEOUT_MS),
          ...(req.body ? { duplex: 'half' } : {}),
        } as RequestInit);
      } catch (err) {
        // A dropped connection or a timeout: nothing is known about the request's effect; the callers make every
        // request safe to repeat (generated ids, resumable offsets).
        if (n >= MAX_TRIES) throw new GoogleError(`Google Drive could not be reached: ${err instanceof Error ? err.message : String(err)}`, 'transient');
        await sleep(backoffDelay(n, config.retryBaseMs, null));
        continue;
      }
      if (res.ok || req.accept?.includes(res.status)) return res;
      if (res.status === 401 && !refreshed) {
        await res.body?.cancel();
        refreshed = true;
        token = await opts.accessToken(true);
        n--;
        continue;
      }
      const { reason, message } = await errorOf(res);
      const isRetryable = res.status === 429 || res.status >= 500 || (res.status === 403 && reason !== null && RATE_LIMIT_REASONS.has(reason));
      if (!isRetryable) throw new GoogleError(`${res.status} ${message}`, 'final', res.status, reason);
      if (n >= MAX_TRIES) throw new GoogleError(`${res.status} ${message}`, 'transient', res.status, reason);
      await sleep(backoffDelay(n, config.retryBaseMs, retryAfterMs(res)));
    }
  }

  async function jsonOf<T>(res: Response): Promise<T> {
    return (await res.json()) as T;
  }

  return {
    send,
    async aboutUser(): Promise<{ displayName: string; emailAddress: string }> {
      const body = await jsonOf<{ user: { displayName: string; emailAddress: string } }>(await send({ method: 'GET', path: '/drive/v3/about', query: { fields: 'user' } }));
      return { displayName: body.user.displayName, emailAddress: body.user.emailAddress };
    },
    async generateIds(count: number): Promise<string[]> {
      const body = await jsonOf<{ ids: string[] }>(await send({ method: 'GET', path: '/drive/v3/files/generateIds', query: { count: String(count), space: 'drive', type: 'files' } }));
      return body.ids;
    },
    async listFiles(q: string, opts: { pageSize: number; pageToken?: string | undefined }): Promise<{ files: DriveFileResource[]; nextPageToken: string | null }> {
      const body = await jsonOf<{ files: DriveFileResource[]; nextPageToken?: string }>(
        await send({
          method: 'GET',
          path: '/drive/v3/files',
          query: { q, pageSize: String(opts.pageSize), spaces: 'drive', fields: `nextPageToken,files(${FILE_FIELDS})`, ...(opts.pageToken ? { pageToken: opts.pageToken } : {}) },
        }),
      );
      return { files: body.files, nextPageToken: body.nextPageToken ?? null };
    },
    /** The file, or null when Drive has none with this id (for this app). */
    async getFile(id: string): Promise<DriveFileResource | null> {
      const res = await send({ method: 'GET', path: `/drive/v3/files/${encodeURIComponent(id)}`, query: { fields: FILE_FIELDS }, accept: [404] });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      return jsonOf<DriveFileResource>(res);
    },
    /** The file's content as a stream. */
    async download(id: string): Promise<Readable> {
      const res = await send({ method: 'GET', path: `/drive/v3/files/${encodeURIComponent(id)}`, query: { alt: 'media' }, timeoutMs: CHUNK_TIMEOUT_MS }).catch((err: unknown) => {
        throw err instanceof GoogleError && err.status ? new GoogleError(`Download failed: ${err.status}`, err.kind, err.status, err.reason) : err;
      });
      return Readable.fromWeb(res.body as WebReadableStream);
    },
    /**
     * A folder (or empty file) with a generated id: created, or — when the id is already used (an earlier try got
     * through) — the existing one.
     */
    async createWithId(meta: { id: string; name: string; mimeType: string; parents: string[] }): Promise<DriveFileResource> {
      const res = await send({ method: 'POST', path: '/drive/v3/files', query: { fields: FILE_FIELDS }, headers: { 'content-type': 'application/json' }, body: () => JSON.stringify(meta), accept: [409] });
      if (res.status === 409) return existing(res, meta.id);
      return jsonOf<DriveFileResource>(res);
    },
    /** A multipart upload (≤ 5 MB) of `content` under a generated id; an id already used answers the existing file. */
    async uploadMultipart(meta: { id: string; name: string; mimeType: string; parents: string[] }, content: () => Promise<Buffer>): Promise<DriveFileResource> {
      const boundary = `fieldbook-${Math.random().toString(36).slice(2)}`;
      const bytes = await content();
      const body = () =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(meta)}\r\n--${boundary}\r\nContent-Type: ${meta.mimeType}\r\n\r\n`),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const res = await send({
        method: 'POST',
        path: '/upload/drive/v3/files',
        query: { uploadType: 'multipart', fields: FILE_FIELDS },
        headers: { 'content-type': `multipart/related; boundary=${boundary}` },
        body,
        timeoutMs: CHUNK_TIMEOUT_MS,
        accept: [409],
      }).catch(uploadFailed);
      if (res.status === 409) return existing(res, meta.id);
      return jsonOf<DriveFileResource>(res);
    },
    /**
     * A resumable upload: a session is started (or `session.url` resumed — asking Drive how much it has), then the
     * content goes up in chunks of `chunkBytes` (a multiple of 256 KiB), each streamed from `openRange`. A chunk cut
     * off is resumed from the offset Drive reports. `session.save(url)` keeps the session URL (so a restart resumes);
     * an id already used answers the existing file.
     */
    async uploadResumable(opts: {
      meta: { id: string; name: string; mimeType: string; parents: string[] };
      size: number;
      openRange: (start: number, end: number) => Promise<Readable>;
      session: { url: string | null; save: (url: string | null) => Promise<void> };
      chunkBytes?: number;
    }): Promise<DriveFileResource> {
      const chunk = opts.chunkBytes ?? DEFAULT_CHUNK_BYTES;
      if (chunk % CHUNK_GRANULARITY !== 0) throw new Error('The chunk size must be a multiple of 256 KiB');
      let url = opts.session.url;
      for (let restarts = 0; ; restarts++) {
        if (!url) {
          const res = await send({
            method: 'POST',
            path: '/upload/drive/v3/files',
            query: { uploadType: 'resumable', fields: FILE_FIELDS },
            headers: { 'content-type': 'application/json; charset=UTF-8', 'x-upload-content-type': opts.meta.mimeType, 'x-upload-content-length': String(opts.size) },
            body: () => JSON.stringify(opts.meta),
            accept: [409],
          }).catch(uploadFailed);
          if (res.status === 409) return existing(res, opts.meta.id);
          url = res.headers.get('location');
          await res.body?.cancel();
          if (!url) throw new GoogleError('Upload failed: no resumable session was given', 'transient');
          await opts.session.save(url);
        }
        const done = await sendChunks(url);
        if (done !== 'expired') return done;
        // The session ran out (Drive keeps one a week) or is unknown: start another under the same id.
        url = null;
        await opts.session.save(null);
        if (restarts >= 2) throw new GoogleError('Upload failed: the upload session kept expiring', 'transient');
      }

      async function sendChunks(sessionUrl: string): Promise<DriveFileResource | 'expired'> {
        let offset = await where(sessionUrl);
        for (let drops = 0; ; ) {
          if (typeof offset !== 'number') return offset;
          const end = Math.min(offset + chunk, opts.size) - 1;
          const start = offset;
          let res: Response;
          try {
            res = await send({
              method: 'PUT',
              path: sessionUrl,
              headers: { 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${opts.size}` },
              // The chunk's bytes straight from the blob store; a retry of this chunk opens the range again.
              body: () => streamBody(opts.openRange(start, end)),
              timeoutMs: CHUNK_TIMEOUT_MS,
              accept: [308, 404, 410],
            });
          } catch (err) {
            // The chunk's tries ran out (connections dropped again and again): ask where Drive is, resume from there.
            if (!(err instanceof GoogleError) || err.kind !== 'transient' || ++drops > 3) throw err instanceof GoogleError ? uploadFailed(err) : err;
            offset = await where(sessionUrl);
            continue;
          }
          offset = await outcome(res);
        }
      }

      /** How many bytes Drive has of this session (`Content-Range: bytes *\/size`), or the finished file. */
      async function where(sessionUrl: string): Promise<number | DriveFileResource | 'expired'> {
        const res = await send({ method: 'PUT', path: sessionUrl, headers: { 'content-length': '0', 'content-range': `bytes */${opts.size}` }, body: () => '', accept: [308, 404, 410] }).catch(uploadFailed);
        return outcome(res);
      }

      async function outcome(res: Response): Promise<number | DriveFileResource | 'expired'> {
        if (res.status === 404 || res.status === 410) {
          await res.body?.cancel();
          return 'expired';
        }
        if (res.status === 308) {
          await res.body?.cancel();
          const range = /bytes=0-(\d+)/.exec(res.headers.get('range') ?? '');
          return range ? Number(range[1]) + 1 : 0;
        }
        return jsonOf<DriveFileResource>(res);
      }
    },
  };

  /** After a 409 on a generated id: the file that id already names (an earlier try got through). */
  async function existing(res: Response, id: string): Promise<DriveFileResource> {
    await res.body?.cancel();
    const res2 = await send({ method: 'GET', path: `/drive/v3/files/${encodeURIComponent(id)}`, query: { fields: FILE_FIELDS }, accept: [404] });
    if (res2.status === 404) throw new GoogleError(`The id ${id} is used by a file this app cannot see`, 'final', 409, 'duplicate');
    return (await res2.json()) as DriveFileResource;
  }
}

export type DriveClient = ReturnType<typeof driveClient>;

/** Spec 000 §8: an upload's failure reads "Upload failed: {status} {statusText}". */
function uploadFailed(err: unknown): never {
  if (err instanceof GoogleError && err.status !== null && !err.message.startsWith('Upload failed')) {
    throw new GoogleError(`Upload failed: ${err.message}`, err.kind, err.status, err.reason);
  }
  throw err;
}

function streamBody(open: Promise<Readable>): ReadableStream {
  // fetch wants the body synchronously; the blob store opens its stream asynchronously. Pulled piece by piece (never
  // Readable.toWeb, which reads ahead without bound when the network is slower than the disk).
  let pieces: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      pieces ??= (await open)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const { value, done } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    },
    async cancel() {
      await pieces?.return?.();
      if (!pieces) (await open).destroy();
    },
  });
}
