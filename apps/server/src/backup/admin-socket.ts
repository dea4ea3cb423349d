import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * The embedded database belongs to the running server alone (its data-dir lock), so a backup of it while it runs is
 * made by the server itself, asked over a Unix socket in DATA_DIR (mode 0600: whoever may read DATA_DIR's files may
 * ask for a copy of them; nothing is reachable over the network). `npm run backup` talks to it.
 */
export const ADMIN_SOCKET = 'admin.sock';
/** Linux's limit on a socket path (sun_path) less the terminating NUL. */
const MAX_SOCKET_PATH = 107;

export type AdminHandlers = { backup: (out: string) => Promise<unknown> };

export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), ADMIN_SOCKET);
}

/** Listens on DATA_DIR/admin.sock (we hold the data-dir lock: a socket file there is a dead process's); null if the path is too long. */
export async function serveAdminSocket(dataDir: string, handlers: AdminHandlers, log: (msg: string, err?: unknown) => void): Promise<{ close: () => Promise<void> } | null> {
  const file = adminSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log(`admin socket not served: ${file} is longer than ${MAX_SOCKET_PATH} bytes (a backup of the running server needs a shorter DATA_DIR)`);
    return null;
  }
  rmSync(file, { force: true });
  let busy = false;
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'POST /backup { "out": "<folder>" }' });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (busy) return answer(409, { error: 'a backup is already running' });
        busy = true;
        try {
          const { out } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { out?: unknown };
          if (typeof out !== 'string' || !path.isAbsolute(out)) return answer(400, { error: 'out must be an absolute path' });
          answer(200, await handlers.backup(out));
        } catch (err) {
          log('backup failed', err);
          answer(500, { error: err instanceof Error ? err.message : String(err) });
        } finally {
          busy = false;
        }
      })();
    });
  });
  // A backup of a large database takes a while: no request timeout on this socket.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(file, { force: true });
      }),
  };
}

/** Asks the server on DATA_DIR's socket for a backup; null when no server answers there. */
export function askForBackup(dataDir: string, out: string): Promise<unknown> {
  const socketPath = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString() || 'null') as { error?: string } | null;
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the running server could not make the backup: ${body?.error ?? res.statusCode}`));
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify({ out }));
  });
}
