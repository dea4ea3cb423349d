/** The demo data's public entry (main.ts seeds at start when SEED_DEMO is on). */
export { seedDemo, type DemoSeedResult } from './demo-seed';
