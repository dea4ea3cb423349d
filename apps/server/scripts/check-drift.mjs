// Fails when the drizzle schema (src/db/schema) and the committed migrations (src/db/migrations) differ,
// i.e. when `drizzle-kit generate` would write a new migration. It generates into a temporary copy, so the
// working tree is never touched. Fix a failure with: cd apps/server && npx drizzle-kit generate --name <name>
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'src/db/migrations');
const tmp = mkdtempSync(path.join(tmpdir(), 'fieldbook-drift-'));
const out = path.join(tmp, 'migrations');
const TIMEOUT_MS = 120_000;

function sqlFiles(dir) {
  return readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
}

function run() {
  cpSync(committed, out, { recursive: true });
  // bin.cjs is not in the package's exports: find the package folder from its main entry.
  const bin = path.join(path.dirname(createRequire(path.join(serverDir, 'package.json')).resolve('drizzle-kit')), 'bin.cjs');
  // The same settings as drizzle.config.ts, but writing into the temporary copy. drizzle-kit prefixes `--out`
  // with './' (an absolute path breaks), so it runs inside the temporary folder with a relative out path.
  const schema = path.join(serverDir, 'src/db/schema/index.ts');
  const args = [bin, 'generate', '--dialect', 'postgresql', '--schema', schema, '--casing', 'snake_case', '--out', './migrations', '--name', 'drift_check'];
  return new Promise((resolve) => {
    // No stdin: if drizzle-kit would ask an interactive question (a rename?), it cannot hang waiting for an answer.
    const child = spawn(process.execPath, args, { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\n(drizzle-kit did not finish within ${TIMEOUT_MS / 1000} s; it is probably asking a question about a rename)`;
      child.kill('SIGKILL');
    }, TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

try {
  const before = sqlFiles(committed);
  const { code, output } = await run();
  const added = sqlFiles(out).filter((f) => !before.includes(f));
  // drizzle-kit exits 0 even when it fails (e.g. a missing snapshot), so only its own verdict counts as clean.
  const clean = code === 0 && added.length === 0 && /No schema changes, nothing to migrate/.test(output);
  if (!clean) {
    console.error('Migration drift: the schema in apps/server/src/db/schema does not match the committed migrations.');
    for (const file of added) console.error(`\n--- a new migration would be generated (${file}):\n${readFileSync(path.join(out, file), 'utf8')}`);
    if (added.length === 0) console.error(`\ndrizzle-kit generate (exit code ${code}) did not confirm the schema is unchanged:\n${output}`);
    console.error('\nGenerate the migration: cd apps/server && npx drizzle-kit generate --name <what-changed>');
    process.exitCode = 1;
  } else {
    console.log(`No migration drift: ${before.length} committed migrations match the schema.`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
