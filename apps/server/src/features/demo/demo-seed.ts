import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { insertContactRecords } from '../contacts';
import { insertJobRecords } from '../jobs';
import { insertTaskRecords } from '../tasks';
import { createUserAccount, findUserByEmail, hashPassword, verifyPassword } from '../auth';

export type DemoSeedResult = {
  email: string;
  /** The password that signs the admin in, or null when it was changed since (we never reset it). */
  password: string | null;
  created: boolean;
};

const PASSWORD_FILE = 'demo-admin.txt';

function readStoredPassword(dataDir: string): string | null {
  try {
    return readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * The demo workspace "Demo Contracting" with its administrator (design.md §8), idempotent: the first
 * start creates everything; later starts find the admin and create nothing. A generated password is
 * kept in DATA_DIR/demo-admin.txt (mode 600) so the login printed on every start keeps working.
 */
export async function seedDemo(opts: { db: Db; config: Config; now?: Date; log: (msg: string, err: unknown) => void }): Promise<DemoSeedResult> {
  const { db, config } = opts;
  const now = opts.now ?? new Date();
  const email = config.demoAdminEmail.toLowerCase();
  let password = config.demoAdminPassword ?? readStoredPassword(config.dataDir);

  const existing = await findUserByEmail(db, email);
  if (existing) {
    const works = password !== null && (await verifyPassword(existing.encryptedPassword, password));
    return { email, password: works ? password : null, created: false };
  }

  if (!password) {
    password = randomBytes(12).toString('base64url');
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(path.join(config.dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const { user, workspaceId } = await createUserAccount(tx, {
      email,
      passwordHash,
      userMetadata: { full_name: 'Demo Admin' },
      emailConfirmedAt: now,
      role: 'admin',
      workspaceName: 'Demo Contracting',
      now,
      log: opts.log,
    });
    if (!workspaceId) throw new Error('the demo workspace could not be created');
    await insertDemoWork(tx, { userId: user.id, workspaceId, now });
  });
  return { email, password, created: true };
}

function isoDate(base: Date, days: number): string {
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A few jobs, tasks and contacts so the shell is not empty on first sign-in. */
async function insertDemoWork(db: Db, opts: { userId: string; workspaceId: string; now: Date }): Promise<void> {
  const { userId, workspaceId, now } = opts;
  const phones = await insertContactRecords(db, [
      { ownerId: userId, name: 'Maria Lopez', phoneNumber: '5125550142', email: 'maria.lopez@example.com', role: 'Homeowner', emailOptIn: true },
      { ownerId: userId, name: 'Dave Chen', phoneNumber: '5125550178', email: 'dave.chen@example.com', role: 'Roofing crew lead', smsOptIn: true },
      { ownerId: userId, name: 'Priya Patel', phoneNumber: '5125550193', email: 'priya.patel@example.com', role: 'Insurance adjuster' },
  ]);
  const [homeowner, crewLead, adjuster] = phones;

  const created = await insertJobRecords(db, [
      {
        workspaceId,
        createdBy: userId,
        title: 'Roof replacement after hail',
        clientName: 'Maria Lopez',
        propertyAddress: '1412 Oak Hollow Dr, Austin, TX 78704',
        claimNumber: 'CLM-2024-0192',
        status: 'in progress',
        description: 'Full tear-off and replacement, 32 squares, architectural shingles.',
        dueDate: isoDate(now, 14),
      },
      {
        workspaceId,
        createdBy: userId,
        title: 'Kitchen water damage',
        clientName: 'Tom Becker',
        propertyAddress: '88 Riverside Ave, Austin, TX 78741',
        claimNumber: 'CLM-2024-0217',
        status: 'active',
        description: 'Dry-out, replace lower cabinets and flooring.',
        dueDate: isoDate(now, 30),
      },
      {
        workspaceId,
        createdBy: userId,
        title: 'Fence repair',
        clientName: 'Greenway HOA',
        propertyAddress: '300 Greenway Blvd, Austin, TX 78745',
        status: 'completed',
        description: 'Replace 40 ft of storm-damaged cedar fence.',
        dueDate: isoDate(now, -7),
      },
  ]);
  const [roof, kitchen, fence] = created;

  await insertTaskRecords(db, [
    { workspaceId, jobId: roof!, createdBy: userId, description: 'Order shingles and underlayment', assignedTo: crewLead, status: 'completed', priority: 'high', dueDate: isoDate(now, -2) },
    { workspaceId, jobId: roof!, createdBy: userId, description: 'Schedule tear-off with the crew', assignedTo: crewLead, status: 'in progress', priority: 'high', dueDate: isoDate(now, 3) },
    { workspaceId, jobId: roof!, createdBy: userId, description: 'Send final estimate to the adjuster', assignedTo: adjuster, status: 'pending', priority: 'medium', dueDate: isoDate(now, 5) },
    { workspaceId, jobId: kitchen!, createdBy: userId, description: 'Moisture readings and photos', assignedTo: null, status: 'pending', priority: 'medium', dueDate: isoDate(now, 2) },
    { workspaceId, jobId: kitchen!, createdBy: userId, description: 'Walk-through with the homeowner', assignedTo: homeowner, status: 'pending', priority: 'low', dueDate: isoDate(now, 7) },
    { workspaceId, jobId: fence!, createdBy: userId, description: 'Collect final payment', assignedTo: null, status: 'completed', priority: 'low', dueDate: isoDate(now, -5) },
  ]);
}
