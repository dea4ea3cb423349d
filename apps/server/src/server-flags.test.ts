import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/lib/server-flags.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The built server's Node flags have one home (scripts/lib/server-flags.mjs); npm scripts cannot import it, so
// package.json writes them out — here they are held to the same list (issue 37: the embedded default's memory
// depends on them).
describe("the built server's Node flags", () => {
  it('are the same in npm start, backup and restore as in every launcher', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const name of ['start', 'backup', 'restore']) {
      const flags = /^node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(scripts[name] ?? '')?.[1]?.trim().split(' ');
      expect(flags, `package.json's "${name}"`).toEqual([...SERVER_NODE_FLAGS]);
    }
    expect(readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8')).toContain(`\`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js\``);
  });
});
