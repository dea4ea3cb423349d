import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitArgs = Parameters<NodeFS['init']>;
type Init = Awaited<ReturnType<NodeFS['init']>>;
type PostgresMod = Parameters<NonNullable<Init['emscriptenOpts']['preRun']>[number]>[0];
type ModeFs = { chmod: (path: unknown, mode: number, ...rest: unknown[]) => void; mkdir: (path: string, mode?: number) => unknown };

/**
 * PGlite's NodeFS (the data directory as real files) with files 0600 and directories 0700. Emscripten's file system
 * sets each file's mode itself once it has created it, whatever the process umask: the files PGlite unpacks from a
 * tar — the whole cluster, on a first start from the build's template, after initdb and on a restore — are asked for
 * 0666, and those PostgreSQL creates with fopen (pg_internal.init) 0644. Every such mode goes through the module's
 * FS.chmod, and every directory through FS.mkdir (also initdb's, which writes into this FS by proxy): there the group
 * and other bits are dropped. db/pglite-private-fs.test.ts checks the modes on disk, so a PGlite upgrade that routes around
 * these calls fails it.
 */
export class PrivateNodeFS extends NodeFS {
  override async init(...args: InitArgs): Promise<Init> {
    const { emscriptenOpts } = await super.init(...args);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), keepPrivate] } };
  }
}

/** The group's and others' permission bits. */
const GROUP_AND_OTHERS = 0o077;

function keepPrivate(mod: PostgresMod): void {
  const fs = mod.FS as unknown as ModeFs;
  const { chmod, mkdir } = fs;
  fs.chmod = (path, mode, ...rest) => chmod.call(fs, path, mode & ~GROUP_AND_OTHERS, ...rest);
  fs.mkdir = (path, mode = 0o777) => mkdir.call(fs, path, mode & ~GROUP_AND_OTHERS);
}
