import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  AUTH_AUTOCONFIRM: bool.default(false),
  SEED_DEMO: bool.optional(),
  DEMO_ADMIN_EMAIL: z.string().email().default('admin@fieldbook.local'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Fieldbook <no-reply@fieldbook.local>'),
  /** Requests per minute per IP on the sensitive auth endpoints (token, signup, recover, verify, MFA). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** The development mailbox page (/dev/mailbox). On by default outside production builds' public deployments. */
  DEV_MAILBOX: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  autoconfirm: boolean;
  seedDemo: boolean;
  demoAdminEmail: string;
  demoAdminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authRateLimit: number;
  devMailbox: boolean;
  logLevel: string;
  webDist: string | undefined;
};

/** Environment → typed config with the embedded defaults of design.md §8. Throws a readable error on bad values. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    autoconfirm: e.AUTH_AUTOCONFIRM,
    seedDemo: e.SEED_DEMO ?? embedded,
    demoAdminEmail: e.DEMO_ADMIN_EMAIL,
    demoAdminPassword: e.DEMO_ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authRateLimit: e.AUTH_RATE_LIMIT,
    // The mailbox shows sign-in links: on only for the embedded default without real mail (HOST defaults to loopback).
    devMailbox: e.DEV_MAILBOX ?? (embedded && !e.SMTP_URL),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
  };
}
