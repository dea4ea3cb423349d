import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Table ownership (docs/ARCHITECTURE.md): the lint rules of eslint.config.js that keep each feature's tables its own.
 * Each case lints a few lines as if they were a file at `file` (the file need not exist; what it imports does).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/server/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('table ownership lint', () => {
  it("refuses a feature's import of another feature's schema file, of the schema aggregate and of the platform's table files", async () => {
    expect(await boundaryErrors('features/tasks/probe.ts', "export { groups } from '../groups/groups.schema';\n")).toEqual([
      expect.stringContaining('Use features/groups only through its public entry'),
    ]);
    expect(await boundaryErrors('features/contacts/probe.ts', "export { groupMembers } from '../../db/schema';\n")).toEqual([
      expect.stringContaining('A feature uses its own tables'),
    ]);
    expect(await boundaryErrors('features/jobs/generate/probe.ts', "export { workspaceCounts } from '../../../db/schema/counts';\n")).toEqual([
      expect.stringContaining('A feature uses its own tables'),
    ]);
  });

  it("lets a feature use its own schema file and another feature's index.ts", async () => {
    expect(await boundaryErrors('features/tasks/probe.ts', "export { tasks } from './tasks.schema';\nexport { isUsableGroup } from '../groups';\n")).toEqual([]);
  });

  it("lets a schema file name another feature's table for a foreign key, and nothing else of that feature", async () => {
    expect(await boundaryErrors('features/tasks/probe.schema.ts', "export { jobs } from '../jobs/jobs.schema';\nexport { id } from '../../db/schema/_columns';\n")).toEqual([]);
    expect(await boundaryErrors('features/tasks/probe.schema.ts', "export { jobsRoutes } from '../jobs';\n")).toEqual([
      expect.stringContaining('A schema file may import features/jobs/jobs.schema.ts'),
    ]);
  });

  it('lets db/schema/index.ts gather the schema files and nothing else of a feature; tests may set up rows through it', async () => {
    expect(await boundaryErrors('db/schema/probe.ts', "export * from '../../features/jobs/jobs.schema';\n")).toEqual([]);
    expect(await boundaryErrors('db/schema/probe.ts', "export * from '../../features/jobs/jobs.repository';\n")).toEqual([
      expect.stringContaining("db/schema may re-export a feature's <name>.schema.ts"),
    ]);
    expect(await boundaryErrors('features/assistant/probe.test.ts', "export { documents, jobs } from '../../db/schema';\n")).toEqual([]);
  });
}, 60_000);
