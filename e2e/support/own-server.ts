import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';

/**
 * A second built Fieldbook server for a spec that needs configuration the shared e2e server does not have (an LLM
 * API, an Android download URL): like e2e/start-server.mjs — fresh data directory, the demo workspace and its
 * admin — plus `env`, which overrides any of those.
 */
export type OwnServer = { url: string; stop: () => Promise<void> };
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A free loopback port (the OS picks one, the listener closes again). */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), `fieldbook-e2e-${name}-${port}`);
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'e2e/start-server.mjs')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_ADMIN_EMAIL: ADMIN_EMAIL,
      DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEV_MAILBOX: 'false',
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the ${name} server exited (${child.exitCode}): ${stderr}`);
          return (await fetch(`${url}/auth/v1/health`).catch(() => null))?.ok ?? false;
        },
        { timeout: 90_000, message: `the ${name} Fieldbook server answers /auth/v1/health` },
      )
      .toBe(true);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
