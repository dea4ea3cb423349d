import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE } from '../platform/private-files';

/**
 * PGlite has no cross-process lock: two processes on one data dir would corrupt it. We hold `<dir>/fieldbook.lock`
 * naming our pid and the process's identity — its start time (Linux: /proc/<pid>/stat's starttime with the boot id;
 * elsewhere `ps -o lstart=`). A lock is held only while the process it names is running with that same identity:
 * a lock left by a crash never blocks a start, even when its pid now belongs to another process (pid 1 in a
 * container, a reused pid), while a Fieldbook really running on the dir still does. A lock in the old format (a bare
 * pid) cannot be checked and is taken over.
 *
 * Limit: processes in different pid namespaces (two containers sharing one volume) cannot see each other; run
 * several processes on PostgreSQL (DATABASE_URL) instead.
 */
export function acquireDataDirLock(dir: string): () => void {
  const file = path.join(dir, 'fieldbook.lock');
  const mine: LockOwner = { pid: process.pid, identity: processIdentity(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', PRIVATE_FILE);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      return () => {
        // Only our own lock: never remove one another process took over meanwhile.
        if (sameOwner(readOwner(file), mine)) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && isRunning(owner)) {
        throw new Error(
          `The data directory ${path.resolve(dir)} is in use by another Fieldbook process (pid ${owner.pid}). ` +
            `Stop it, or set DATA_DIR to another directory.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${file}`);
}

export type LockOwner = { pid: number; identity: string | null };

function readOwner(file: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && (typeof parsed.identity === 'string' || parsed.identity === null)) return { pid: parsed.pid, identity: parsed.identity };
  } catch {
    // A bare pid (the old format), or a file a crash left half written.
  }
  return null;
}

const sameOwner = (a: LockOwner | null, b: LockOwner) => a !== null && a.pid === b.pid && a.identity === b.identity;

/** The lock's process is running: the same pid with the same start time (liveness alone where neither can be read). */
function isRunning(owner: LockOwner): boolean {
  const now = processIdentity(owner.pid);
  if (now !== null && owner.identity !== null) return now === owner.identity;
  if (now === null && owner.identity !== null) return false;
  return isAlive(owner.pid);
}

/**
 * What tells this process apart from any other that had or will have its pid: null when no such process runs (or
 * when the platform offers no way to tell, then `isAlive` decides).
 */
export function processIdentity(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = fields[19];
    if (startTime) return `linux:${bootId()}:${startTime}`;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && procAvailable()) return null;
  }
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return started ? `ps:${started}` : null;
  } catch {
    return null;
  }
}

let cachedBootId: string | undefined;
function bootId(): string {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      cachedBootId = '';
    }
  }
  return cachedBootId;
}

function procAvailable(): boolean {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
