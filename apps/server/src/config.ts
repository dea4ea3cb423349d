import { isIP } from 'node:net';
import { httpOrigin as originOf } from '@fieldbook/contract';
import { z } from 'zod';
import { parseS3Url, type S3Location } from './platform/blob-store';
import type { SmsConfig } from './platform/sms';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list whose every item matches `pattern` (empty or unset: none). */
function listOf(pattern: RegExp, what: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const items = (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      const bad = items.find((item) => !pattern.test(item));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is not ${what}` });
        return z.NEVER;
      }
      return items;
    });
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** The most connections this process keeps to DATABASE_URL's server (unset: db/client.ts defaultPoolSize). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  PUBLIC_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  AUTH_AUTOCONFIRM: bool.default(false),
  SEED_DEMO: bool.optional(),
  DEMO_ADMIN_EMAIL: z.string().email().default('admin@fieldbook.local'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Fieldbook <no-reply@fieldbook.local>'),
  /** File contents in an S3-compatible store (https://KEY:SECRET@host/bucket[?region=…]); unset: DATA_DIR/blobs. */
  S3_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** The largest document upload in bytes (25 MB by default); bigger ones are refused with 413. */
  DOCUMENT_MAX_BYTES: z.coerce.number().int().min(1024).max(2 * 1024 * 1024 * 1024).default(25 * 1024 * 1024),
  /** The largest call recording upload in bytes (250 MB by default: hours of phone audio). */
  RECORDING_MAX_BYTES: z.coerce.number().int().min(1024).max(4 * 1024 * 1024 * 1024).default(250 * 1024 * 1024),
  /** SMS (group invitations) through Twilio's Messages API: all three, or none (messages then stay in the outbox). */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().min(1).optional(),
  /** Another service speaking the same API (or a test server); Twilio's by default. */
  /** An OpenAI-compatible API (…/v1): transcription now, the assistant later. Unset: the embedded engines. */
  LLM_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional()),
  LLM_API_KEY: z.string().optional(),
  LLM_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  /**
   * Speech to text's own OpenAI-compatible endpoint (…/v1, e.g. a self-hosted Whisper server) while chat stays at
   * LLM_BASE_URL. Unset: LLM_BASE_URL; both unset: the embedded pocketsphinx. STT_MODEL: LLM_TRANSCRIPTION_MODEL.
   */
  STT_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional()),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** The chat model the assistant writes its answers with (a group's fine-tuned model replaces it while active). */
  LLM_MODEL: z.string().min(1).default('gpt-4.1-mini'),
  /** How often a running fine-tuning job is asked about (real ones take minutes to hours; tests use a stub). */
  FINE_TUNE_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /**
   * Online payments (issue 33): Stripe's secret key and the webhook endpoint's signing secret, both or neither (unset:
   * clients are not offered Pay; manual payments still work). STRIPE_API_URL: another endpoint speaking Stripe's API
   * (the tests' stand-in, src/test/stripe-stub.ts); Stripe's own by default.
   */
  STRIPE_SECRET_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).default('https://api.stripe.com'),
  TWILIO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).default('https://api.twilio.com'),
  /** Requests per minute per IP on the sensitive auth endpoints (token, signup, recover, verify, MFA). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Per account, per 15 minutes: failed password sign-ins, and emailed codes tried (POST /verify with email + token). */
  AUTH_ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Per user: uploads (documents and recordings) per minute, messages sent (documents, task summaries) per hour, group invitations texted per hour. */
  UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  SEND_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  INVITE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Per quote, per 15 minutes: requests by its homeowner link (view, approve, decline), from any address. */
  QUOTE_LINK_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /**
   * The proxies (IPs or CIDRs, comma-separated; or proxy-addr's names loopback, linklocal, uniquelocal) whose
   * X-Forwarded-For is believed. Unset: none, and the client address is the connection's peer, whatever headers say.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const entries = (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      for (const entry of entries) {
        if (!isProxyEntry(entry)) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address, a CIDR range or loopback/linklocal/uniquelocal` });
          return z.NEVER;
        }
      }
      return entries;
    }),
  /**
   * GoTrue's sessions timebox and inactivity timeout: a session ends this long after sign-in, or after this long
   * without a token refresh. Seconds, or a duration such as 90d, 12h, 30m; 0 turns the limit off.
   */
  SESSION_MAX_LIFETIME: z.string().default('90d').transform(durationSeconds('SESSION_MAX_LIFETIME')),
  SESSION_INACTIVITY_TIMEOUT: z.string().default('30d').transform(durationSeconds('SESSION_INACTIVITY_TIMEOUT')),
  /** How long SIGTERM waits for requests and background jobs in flight before closing the database anyway (exit 1). */
  SHUTDOWN_GRACE_PERIOD: z.string().default('20s').transform(durationSeconds('SHUTDOWN_GRACE_PERIOD')),
  /**
   * The development mailbox page (/dev/mailbox: every mail and text, sign-in links included, without signing in).
   * Unset: on with the embedded database and no SMTP_URL, and then only on a loopback HOST (any other HOST refuses to
   * start until DEV_MAILBOX is set: true to keep it, false to go without).
   */
  DEV_MAILBOX: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token GET /metrics (Prometheus) requires; unset: no /metrics at all. */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'must be at least 16 characters').optional()),
  WEB_DIST: z.string().optional(),
  /**
   * Other origins a user may set as their "API URL" (settings), comma-separated, e.g. `https://api.example.com`.
   * The server's own origin is always allowed; the page's Content-Security-Policy allows exactly these.
   */
  API_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of (v ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
        const origin = originOf(item);
        if (!origin) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not an http(s) origin` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
  /**
   * The Android app (the /download page): an absolute http(s) URL of the APK on a release host, ideally one that
   * names the file Fieldbook-latest.apk. Unset (or empty), the page says the app is not available from this server.
   */
  ANDROID_APK_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional()),
  /**
   * The app-store listings the download and invitation pages link to (issue 26): absolute http(s) URLs; an unset one is
   * not shown (before the app is listed, no store link at all).
   */
  APP_STORE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional()),
  GOOGLE_PLAY_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional()),
  /**
   * Verified App Links (issue 26): the Android app's package and the SHA-256 fingerprints of its signing certificates
   * (comma-separated, "AB:CD:…"), served as /.well-known/assetlinks.json; unset fingerprints, no file (404).
   */
  ANDROID_APP_ID: z.string().regex(/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/, 'must be an Android package name').default('app.fieldbook.mobile'),
  ANDROID_CERT_FINGERPRINTS: listOf(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'a SHA-256 fingerprint (32 hex pairs joined by ":")'),
  /** iOS universal links: app ids (TEAMID.bundle.id, comma-separated) for /.well-known/apple-app-site-association. */
  IOS_APP_IDS: listOf(/^[A-Z0-9]{10}\.[\w.-]+$/, 'an iOS app id (TEAMID.bundle.id)'),
  /** Google Drive (issue 25): offered when both are set. The other four point at other endpoints (tests: a stub). */
  GOOGLE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  GOOGLE_OAUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).default('https://www.googleapis.com'),
  /** The key the Drive refresh tokens are encrypted with (kept like JWT_SECRET when unset: DATA_DIR or the database). */
  DRIVE_TOKEN_KEY: z.string().min(32).optional(),
  /** The first retry delay of a Drive request (doubling, capped at 32 s, with jitter); tests shorten it. */
  DRIVE_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
});


export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE, or undefined: openPostgres' default (defaultPoolSize). */
  databasePoolSize: number | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  autoconfirm: boolean;
  seedDemo: boolean;
  demoAdminEmail: string;
  demoAdminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  documentMaxBytes: number;
  recordingMaxBytes: number;
  /** The OpenAI-compatible chat API (assistant answers, extraction, fine-tuning), or null: extractive answers, rules. */
  llm: { baseUrl: string; apiKey: string | null; chatModel: string; fineTunePollMs: number } | null;
  /** Speech to text at an OpenAI-compatible API (STT_*, defaulting to LLM_*), or null: the embedded pocketsphinx. */
  stt: { baseUrl: string; apiKey: string | null; model: string } | null;
  /** Where file contents live: S3_URL's bucket, or null for the folder DATA_DIR/blobs. */
  s3: S3Location | null;
  /** The SMS provider, or null: SMS are kept in the outbox (and the development mailbox) instead of sent. */
  sms: SmsConfig | null;
  authRateLimit: number;
  /** Failed sign-ins and code guesses per account per 15 minutes. */
  authAccountRateLimit: number;
  /** Per-user limits: uploads per minute, messages sent per hour, invitations texted per hour. */
  userRateLimits: { uploadsPerMinute: number; sendsPerHour: number; invitationsPerHour: number };
  /** Requests by one quote's homeowner link per 15 minutes (the per-address limit is authRateLimit a minute). */
  quoteLinkRateLimit: number;
  /** Fastify's trustProxy: the proxies whose X-Forwarded-For is believed (empty: none). */
  trustedProxies: string[];
  /** Session limits in seconds (0: none). */
  sessionMaxLifetimeSeconds: number;
  sessionInactivityTimeoutSeconds: number;
  /** SHUTDOWN_GRACE_PERIOD in seconds: SIGTERM's wait for requests and jobs in flight. */
  shutdownGraceSeconds: number;
  devMailbox: boolean;
  logLevel: string;
  /** METRICS_TOKEN: GET /metrics answers only with it; null: /metrics is not served. */
  metricsToken: string | null;
  webDist: string | undefined;
  /** Origins a user's API URL may point at: this server's own (PUBLIC_URL) first, then API_ALLOWED_ORIGINS. */
  apiAllowedOrigins: string[];
  /** ANDROID_APK_URL, or null: this server offers no APK download. */
  androidApkUrl: string | null;
  /** APP_STORE_URL and GOOGLE_PLAY_URL, or null: that store link is not shown. */
  storeLinks: { appStore: string | null; googlePlay: string | null };
  /** The app-link association files (/.well-known): the Android package and certificates, the iOS app ids. */
  appLinks: { androidAppId: string; androidCertFingerprints: string[]; iosAppIds: string[] };
  /** Stripe (online payments): null unless STRIPE_SECRET_KEY is set. */
  stripe: StripeConfig | null;
  /** Google Drive: null unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
  drive: DriveConfig | null;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: where the `stripe` package sends its requests (host, port and protocol of it). */
  apiUrl: string;
};

export type DriveConfig = {
  clientId: string;
  clientSecret: string;
  oauthUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Serves /drive/v3/… and /upload/drive/v3/… */
  apiUrl: string;
  /** DRIVE_TOKEN_KEY, or null: main.ts keeps one like the JWT secret (the drive feature falls back to the database's). */
  tokenKey: string | null;
  retryBaseMs: number;
};

/** Environment → typed config with the embedded defaults of design.md §8. Throws a readable error on bad values. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM_NUMBER];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new Error('Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER must be set together');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (without the webhook secret no payment could be confirmed)');
  }
  const embedded = !e.DATABASE_URL;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    jwtSecret: e.JWT_SECRET,
    autoconfirm: e.AUTH_AUTOCONFIRM,
    seedDemo: e.SEED_DEMO ?? embedded,
    demoAdminEmail: e.DEMO_ADMIN_EMAIL,
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    documentMaxBytes: e.DOCUMENT_MAX_BYTES,
    recordingMaxBytes: e.RECORDING_MAX_BYTES,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY || null, chatModel: e.LLM_MODEL, fineTunePollMs: e.FINE_TUNE_POLL_SECONDS * 1000 } : null,
    stt: sttConfig(e),
    s3: e.S3_URL ? parseS3UrlForConfig(e.S3_URL) : null,
    sms: e.TWILIO_ACCOUNT_SID ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM_NUMBER!, apiUrl: e.TWILIO_API_URL } : null,
    authRateLimit: e.AUTH_RATE_LIMIT,
    authAccountRateLimit: e.AUTH_ACCOUNT_RATE_LIMIT,
    userRateLimits: { uploadsPerMinute: e.UPLOAD_RATE_LIMIT, sendsPerHour: e.SEND_RATE_LIMIT, invitationsPerHour: e.INVITE_RATE_LIMIT },
    quoteLinkRateLimit: e.QUOTE_LINK_RATE_LIMIT,
    trustedProxies: e.TRUSTED_PROXIES,
    sessionMaxLifetimeSeconds: e.SESSION_MAX_LIFETIME,
    sessionInactivityTimeoutSeconds: e.SESSION_INACTIVITY_TIMEOUT,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_PERIOD,
    devMailbox: devMailbox(e.DEV_MAILBOX, embedded && !e.SMTP_URL, e.HOST),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    webDist: e.WEB_DIST,
    apiAllowedOrigins: [...new Set([originOf(publicUrl), ...e.API_ALLOWED_ORIGINS].filter((o): o is string => Boolean(o)))],
    androidApkUrl: e.ANDROID_APK_URL ?? null,
    storeLinks: { appStore: e.APP_STORE_URL ?? null, googlePlay: e.GOOGLE_PLAY_URL ?? null },
    appLinks: { androidAppId: e.ANDROID_APP_ID, androidCertFingerprints: e.ANDROID_CERT_FINGERPRINTS, iosAppIds: e.IOS_APP_IDS },
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL.replace(/\/+$/, '') } : null,
    drive:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            oauthUrl: e.GOOGLE_OAUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            revokeUrl: e.GOOGLE_REVOKE_URL,
            apiUrl: e.GOOGLE_API_URL.replace(/\/+$/, ''),
            tokenKey: e.DRIVE_TOKEN_KEY ?? null,
            retryBaseMs: e.DRIVE_RETRY_BASE_MS,
          }
        : null,
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An entry proxy-addr (Fastify's trustProxy) understands: an IP, an IP/prefix-length or IP/netmask, or a named range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '90d', '12h', '30m', '45s' or plain seconds → seconds. */
function durationSeconds(name: string) {
  return (value: string, ctx: z.RefinementCtx): number => {
    const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `${name} must be seconds or a duration such as 90d, 12h or 30m` });
      return z.NEVER;
    }
    return Number(match[1]) * DURATION_UNITS[match[2] || 's']!;
  };
}

/**
 * STT_* with LLM_* as defaults. LLM_API_KEY goes only where LLM_BASE_URL points: a separate STT_BASE_URL without its
 * own STT_API_KEY is sent no key (the chat provider's secret is not handed to another server).
 */
function sttConfig(e: z.infer<typeof EnvSchema>): Config['stt'] {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const baseUrl = e.STT_BASE_URL ? trim(e.STT_BASE_URL) : e.LLM_BASE_URL ? trim(e.LLM_BASE_URL) : null;
  if (!baseUrl) return null;
  const sameServer = !e.STT_BASE_URL || (e.LLM_BASE_URL !== undefined && trim(e.LLM_BASE_URL) === baseUrl);
  const apiKey = e.STT_API_KEY !== undefined ? e.STT_API_KEY : sameServer ? e.LLM_API_KEY : undefined;
  return { baseUrl, apiKey: apiKey || null, model: e.STT_MODEL ?? e.LLM_TRANSCRIPTION_MODEL };
}

/**
 * The mailbox shows sign-in links and codes to whoever opens it: by default only for the embedded database without
 * real mail, and then only where no one else can reach it. On another HOST the server does not start with it by
 * default, nor silently without it (mail would go nowhere): the operator chooses.
 */
function devMailbox(explicit: boolean | undefined, byDefault: boolean, host: string): boolean {
  if (explicit !== undefined) return explicit;
  if (byDefault && !isLoopbackHost(host)) {
    throw new Error(
      `Invalid configuration:\n  DEV_MAILBOX: the development mailbox (/dev/mailbox, no sign-in) would be on by default, but HOST=${host} is not a loopback address. ` +
        'Set SMTP_URL to send real mail, DEV_MAILBOX=false to go without it, or DEV_MAILBOX=true to keep it reachable by anyone who can reach this server.',
    );
  }
  return byDefault;
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Lines the start-up log shows as warnings. */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.devMailbox) {
    const reach = isLoopbackHost(config.host) ? 'anyone on this machine' : `anyone who can reach ${config.host}:${config.port}`;
    warnings.push(
      `WARNING: the development mailbox ${config.publicUrl}/dev/mailbox is on: it shows every mail and text (sign-in links and codes included) to ${reach}, without signing in. ` +
        'Set SMTP_URL to send real mail, or DEV_MAILBOX=false.',
    );
  }
  return warnings;
}

function parseS3UrlForConfig(value: string): S3Location {
  try {
    return parseS3Url(value);
  } catch (err) {
    throw new Error(`Invalid configuration:\n  S3_URL: ${err instanceof Error ? err.message : String(err)}`);
  }
}
