// Starts the built server for the e2e run on a fresh data directory (DATA_DIR is wiped first, so every
// run starts from the seeded demo data only). Environment comes from playwright.config.ts webServer.env.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !path.isAbsolute(dataDir) || !path.basename(dataDir).startsWith('fieldbook-e2e')) {
  throw new Error(`Refusing to wipe DATA_DIR=${dataDir}: expected an absolute fieldbook-e2e* directory`);
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
await import('../apps/server/dist/main.js');
