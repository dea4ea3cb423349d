import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, startupWarnings, type Config } from './config';
import { migrateDatabase, openPglite, openPostgres, type Database } from './db/client';
import { seedDemo, type DemoSeedResult } from './features/demo';
import { smtpSender } from './platform/mail';
import { outboxJob } from './platform/outbox';
import { catchEscapedJobErrors, jobMetrics, startJobs, type AnyJob } from './platform/jobs';
import { twilioSender } from './platform/sms';
import { folderBlobStore, s3BlobStore, type BlobStore } from './platform/blob-store';
import { advisoryDeleteGate, gateBlobDeletes, memoryDeleteGate } from './platform/blob-delete-gate';
import { serveAdminSocket } from './backup/admin-socket';
import { backupPglite } from './backup/backup';
import { runBackupCli } from './backup/cli';
import { documentProcessingJob } from './features/documents';
import { photoMarkupJob, photoReportJob, photoThumbnailJob } from './features/photos';
import { driveCopyJob, driveDeps } from './features/drive';
import { quoteSignedPdfJob } from './features/quotes';
import { invoiceReminderJob } from './features/invoices';
import { clientHubLinks } from './features/client-hub';
import { visitSeriesJob } from './features/schedule';
import { clientMessageJob, clientMessageScanJob, clientOptOuts } from './features/client-messages';
import { fineTuneJob } from './features/group-assistants';
import { openAiTranscriber, pocketsphinxTranscriber, transcriptionJob } from './features/recordings';
import { makePrivateDir } from './platform/private-files';
import { tuneHeapGrowth } from './platform/heap-growth';
import { keepSecret, readSecretsFile } from './platform/secrets-file';
import { sharedSecret } from './platform/server-secret';
import { createTokenSigner } from './platform/tokens';
import { maintenanceTasks } from './maintenance';

/**
 * The JWT secret: JWT_SECRET; else, on PostgreSQL, the one stored in the database, shared by every process on it
 * (the first to start stores its DATA_DIR/secrets.json's, so an upgrade keeps sessions, or a new one); else, with
 * the embedded database, one generated on first start and kept in DATA_DIR/secrets.json (platform/secrets-file.ts).
 */
async function jwtSecret(config: { dataDir: string; jwtSecret: string | undefined }, database: Database): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const candidate = randomBytes(48).toString('base64url');
  if (database.kind === 'postgres') return sharedSecret(database.db, 'jwt', readSecretsFile(config.dataDir).jwtSecret ?? candidate);
  return keepSecret(config.dataDir, 'jwtSecret', candidate);
}

/** File contents: S3_URL's bucket, else the folder DATA_DIR/blobs. */
async function openBlobStore(config: Config, folder = folderBlobStore(path.join(config.dataDir, 'blobs'))): Promise<BlobStore> {
  return config.s3 ? await s3BlobStore(config.s3) : folder;
}

/**
 * The key Google Drive tokens are sealed with (features/drive/token-crypto.ts), kept like the JWT secret:
 * DRIVE_TOKEN_KEY; else, on PostgreSQL, one stored in the database and shared by every process; else one generated on
 * first start and kept in DATA_DIR/secrets.json beside the JWT secret.
 */
async function driveTokenKey(config: { dataDir: string }, database: Database): Promise<string> {
  const candidate = randomBytes(48).toString('base64url');
  if (database.kind === 'postgres') return sharedSecret(database.db, 'drive-token-key', candidate);
  return keepSecret(config.dataDir, 'driveTokenKey', candidate);
}

async function main() {
  const startedAt = Date.now();
  const config = loadConfig(process.env);
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl, { max: config.databasePoolSize }) : await openPglite(config.dataDir);
  tuneHeapGrowth(database.kind);
  // The blob folder 0700, also one an older version made 0755 (DATA_DIR itself: openPglite, with the embedded database).
  if (!config.s3) makePrivateDir(path.join(config.dataDir, 'blobs'));
  await migrateDatabase(database);
  const signer = createTokenSigner(await jwtSecret(config, database), `${config.publicUrl}/auth/v1`);
  if (config.drive && !config.drive.tokenKey) config.drive.tokenKey = await driveTokenKey(config, database);
  const folder = folderBlobStore(path.join(config.dataDir, 'blobs'));
  // Blob deletions wait while a backup copies blobs (platform/blob-delete-gate.ts): on PostgreSQL a backup may run
  // anywhere and holds an advisory lock; with the embedded database the backup runs in this process.
  const localGate = database.kind === 'pglite' ? memoryDeleteGate() : null;
  const blobs = gateBlobDeletes(await openBlobStore(config, folder), localGate ?? advisoryDeleteGate(database.db), {
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  // Every background job, declared by its feature (platform/jobs.ts) and started in one place below.
  // Calls are transcribed by the OpenAI-compatible API at STT_BASE_URL (or LLM_BASE_URL), else by the embedded pocketsphinx.
  const transcriber = config.stt ? openAiTranscriber(config.stt) : pocketsphinxTranscriber;
  const senders = {
    email: config.smtpUrl ? smtpSender(config.smtpUrl, config.mailFrom, blobs) : undefined,
    sms: config.sms ? twilioSender(config.sms) : undefined,
  };
  // Google Drive, when its credentials are configured: the copy job and the connect sweep (maintenance.ts) share it.
  const drive = config.drive ? driveDeps({ db: database.db, config: config.drive, publicUrl: config.publicUrl }) : null;
  const jobs: AnyJob[] = [
    outboxJob({ db: database.db, senders }),
    documentProcessingJob({ db: database.db, blobs }),
    photoThumbnailJob({ db: database.db, blobs }),
    photoMarkupJob({ db: database.db, blobs }),
    // Photo report PDFs, stored as documents on the job (issue 35).
    photoReportJob({ db: database.db, blobs }),
    transcriptionJob({ db: database.db, blobs, transcriber }),
    quoteSignedPdfJob({ db: database.db, blobs, publicUrl: config.publicUrl }),
    // Overdue invoice reminders: at most two per invoice, never in the client's night (the workspace's zone).
    invoiceReminderJob({ db: database.db, signer, publicUrl: config.publicUrl, hubLinks: clientHubLinks({ signer, publicUrl: config.publicUrl }), optOuts: clientOptOuts }),
    // Repeating visits: each series' visits made 120 days ahead, extended daily (issue 34).
    visitSeriesJob({ db: database.db }),
    // Automatic messages to clients (visit messages, quote follow-ups, review requests) and the follow-ups' scan.
    clientMessageJob({ db: database.db, signer, publicUrl: config.publicUrl }),
    clientMessageScanJob({ db: database.db }),
    // Group assistants are fine-tuned through the same API; without one, starting a training is refused (409).
    // Copies to users' Google Drives, when Google credentials are configured.
    ...(drive ? [driveCopyJob({ drive, blobs })] : []),
    ...(config.llm ? [fineTuneJob({ db: database.db, llm: config.llm, pollIntervalMs: config.llm.fineTunePollMs })] : []),
  ];
  const app = await buildApp({ config, database, signer, blobs, jobMetrics: jobMetrics(database.db, jobs) });
  const demo: DemoSeedResult | null = config.seedDemo ? await seedDemo({ db: database.db, config, log: (msg, err) => app.log.error({ err }, msg) }) : null;

  // With the embedded database (ours alone) the leases a killed process left are released first, so its work resumes
  // now; on PostgreSQL they stand (another process may hold them). The periodic maintenance (maintenance.ts) runs at
  // start, then on its schedule: uploads a crash cut off and the partial files it left in the store's incoming folder
  // (everything from before the start when the embedded database is ours alone, upload-sweep.ts), hourly; the grants
  // of Drive connects the phone app never confirmed, every 5 minutes.
  const runner = await startJobs({
    db: database.db,
    jobs,
    exclusive: database.exclusive,
    tasks: maintenanceTasks({ db: database.db, blobs, folder, exclusive: database.exclusive, startedAt: new Date(startedAt), drive }),
    // Failed attempts and give-ups (warn), each claim and success (info), with the job and the request that queued it.
    log: (msg, err, context) => app.log.warn({ err, ...context }, msg),
    trace: (msg, context) => app.log.info(context, msg),
  });
  // An error a job's work lets escape past its promise (a library's callback) fails that attempt; any other uncaught
  // error still ends the process, logged, as Node would end it (platform/jobs.ts catchEscapedJobErrors).
  catchEscapedJobErrors({
    log: (msg, err, context) => app.log.error({ err, ...context }, msg),
    fatal: (err, origin) => {
      app.log.fatal({ err, origin }, 'uncaught error: the process ends');
      process.exit(1);
    },
  });

  // SIGTERM/SIGINT: stop accepting (Fastify answers 503 to new requests on open connections), let the requests in
  // flight finish and the workers finish the row in hand (claiming nothing more: what is due stays for the other
  // processes or the next start), then close the database — PGlite shuts down cleanly and its data never needs
  // recovery. Bounded by SHUTDOWN_GRACE_PERIOD (20 s): whatever is left then is cut off (a claimed row's lease brings
  // it back) and the exit code is 1. A second signal ends the process at once (the handlers are `once`).
  const graceMs = config.shutdownGraceSeconds * 1000;
  let adminSocket: Awaited<ReturnType<typeof serveAdminSocket>> = null;
  const shutdown = async (signal: string) => {
    const startedAt = Date.now();
    app.log.info(`${signal}: shutting down (waiting up to ${config.shutdownGraceSeconds} s for requests and jobs in flight)`);
    // Node closes the connections idle at close() once; a keep-alive connection whose response ends later would hold
    // close() open for its keep-alive timeout. So idle ones are closed as they become idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    const requestsDone = app.close().then(() => app.log.info('shutdown: requests finished'));
    const jobsDone = runner.stop().then(() => app.log.info('shutdown: background jobs finished'));
    const settled = Promise.all([requestsDone, jobsDone]);
    let timer: NodeJS.Timeout | undefined;
    const isInTime = await Promise.race([
      settled.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]).catch((err: unknown) => {
      app.log.error({ err }, 'shutdown: closing failed');
      return false;
    });
    clearTimeout(timer);
    clearInterval(closeIdle);
    if (!isInTime) {
      app.log.warn(`shutdown: requests or jobs still running after ${config.shutdownGraceSeconds} s; cutting them off`);
      app.server.closeAllConnections();
    }
    await adminSocket?.close();
    await database.close();
    app.log.info(`shutdown: done in ${Date.now() - startedAt} ms`);
    process.exit(isInTime ? 0 : 1);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The embedded database is backed up by this process, asked by `npm run backup` over DATA_DIR/admin.sock.
  adminSocket = localGate
    ? await serveAdminSocket(
        config.dataDir,
        { backup: (out) => backupPglite({ database, blobs, holdDeletes: localGate.hold, dataDir: config.dataDir, out }) },
        (msg, err) => app.log.warn({ err }, msg),
      )
    : null;
  const url = config.publicUrl;
  const lines = [`Fieldbook is running at ${url} (started in ${Date.now() - startedAt} ms)`];
  lines.push(`  files: ${config.s3 ? `S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}` : `folder ${path.resolve(config.dataDir, 'blobs')}`}`);
  lines.push(`  transcription: ${transcriber.engine}${config.stt ? ` at ${config.stt.baseUrl}` : ' (embedded)'}`);
  lines.push(`  database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.resolve(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)'}`);
  lines.push(`  mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : 'not sent (no SMTP_URL): kept in the outbox'}; SMS: ${config.sms ? `sent through ${config.sms.apiUrl}` : 'not sent (no TWILIO_*): kept in the outbox'}`);
  if (config.devMailbox) lines.push(`  development mailbox: ${url}/dev/mailbox`);
  if (demo) lines.push(`  demo admin: ${demo.email} / ${demo.password ?? '(not shown: the configured or stored password no longer matches this account)'}`);
  console.log(lines.join('\n'));
  // After the summary, each on its own line (stderr).
  for (const warning of startupWarnings(config)) console.warn(warning);
}

// What this process writes is for its own account alone (docs/operations.md, "File permissions"): DATA_DIR, blobs,
// secrets.json, backups and restores. Each of those is written with its mode (0700 folders, 0600 files:
// platform/private-files.ts) — the umask alone would not do: PGlite sets its files' modes itself (0666;
// db/pglite-private-fs.ts), copies keep their source's mode and a rewritten file its old one. The umask covers the
// rest: anything else this process creates, and the files of the programs it runs (pg_dump's dump, ffmpeg's output).
process.umask(0o077);

// `main.js backup …` / `main.js restore …` (npm run backup / restore): backup/cli.ts. Otherwise the server.
const command = process.argv[2];
const run =
  command === 'backup' || command === 'restore'
    ? (() => {
        const config = loadConfig(process.env);
        return runBackupCli(process.argv.slice(2), config, () => openBlobStore(config)).then((code) => process.exit(code));
      })()
    : main();
run.catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
