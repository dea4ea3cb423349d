// Starts the real server on the benchmark database (bench/app-server.ts) as a child process and waits for its
// {url, token, adminToken} line. Used by the TypeScript benchmarks (run.mjs starts its own children).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/lib/server-flags.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startApp(port: number): Promise<{ url: string; token: string; adminToken: string | null; stop: () => void }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(here, 'app-server.ts'), String(port)], { cwd: path.resolve(here, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      if (buf.includes('\n')) resolve(buf.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`app-server exited with ${code}`)));
  });
  return { ...(JSON.parse(line) as { url: string; token: string; adminToken: string | null }), stop: () => child.kill('SIGTERM') };
}
