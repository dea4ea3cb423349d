import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, processIdentity } from './data-dir-lock';
import { openPglite } from './client';

let dir: string;
let children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-lock-'));
});
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children = [];
  rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, 'fieldbook.lock');
/** A live process that is not us (as a Fieldbook on the same data dir would be). */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

describe('the data-dir lock', () => {
  it('a stale lock naming a live but unrelated process (pid 1, in the old bare-pid format) does not block the start', () => {
    writeFileSync(lockFile(), '1');
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('a lock whose pid now belongs to another process (same pid, another start time) is taken over', () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, identity: 'linux:some-boot:12345' }));
    const release = acquireDataDirLock(dir);
    release();
  });

  it('a lock of a process that has exited is taken over', async () => {
    const pid = await liveProcess();
    const identity = processIdentity(pid);
    const child = children.pop()!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    writeFileSync(lockFile(), JSON.stringify({ pid, identity }));
    const release = acquireDataDirLock(dir);
    release();
  });

  it('a Fieldbook really running on the directory still blocks the start', async () => {
    const pid = await liveProcess();
    const identity = processIdentity(pid);
    expect(identity).not.toBeNull();
    writeFileSync(lockFile(), JSON.stringify({ pid, identity }));
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Fieldbook process (pid ${pid})`);
    await expect(openPglite(dir)).rejects.toThrow(/in use by another Fieldbook process/);
    // Its lock is left alone.
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(pid);
  });

  it('a second open in the same process is refused, and releasing never removes a lock another process took', () => {
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use/);
    writeFileSync(lockFile(), JSON.stringify({ pid: 999999, identity: 'other' }));
    release();
    expect(existsSync(lockFile())).toBe(true);
  });

  it('tells processes apart by start time', async () => {
    const pid = await liveProcess();
    expect(processIdentity(pid)).not.toBe(processIdentity(process.pid));
    expect(processIdentity(process.pid)).toBe(processIdentity(process.pid));
    expect(processIdentity(2 ** 22 + 12345)).toBeNull();
  });
});
