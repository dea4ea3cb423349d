import type { Db } from './db/client';
import { driveConnectSweep, type DriveDeps } from './features/drive';
import type { BlobStore } from './platform/blob-store';
import type { PeriodicTask } from './platform/jobs';
import { sweepPartialUploads } from './upload-sweep';

const HOUR_MS = 60 * 60_000;

/**
 * The server's periodic maintenance, run by the one job runner (platform/jobs.ts `tasks`: once at start, then every
 * `everyMs`; main.ts starts them with the jobs):
 * - upload sweep (hourly): uploads a crash cut off and the partial files it left (upload-sweep.ts);
 * - drive connect sweep (every 5 minutes, when Google Drive is configured): the grants of phone-app connects nobody
 *   confirmed, given back to Google, and expired connect states (features/drive).
 */
export function maintenanceTasks(opts: {
  db: Db;
  blobs: BlobStore;
  folder: { sweepIncoming: (olderThanMs: number) => Promise<number> };
  exclusive: boolean;
  startedAt: Date;
  drive: DriveDeps | null;
}): PeriodicTask[] {
  return [
    {
      name: 'upload sweep',
      everyMs: HOUR_MS,
      run: () => sweepPartialUploads({ db: opts.db, blobs: opts.blobs, folder: opts.folder, exclusive: opts.exclusive, startedAt: opts.startedAt }),
    },
    ...(opts.drive ? [driveConnectSweep(opts.drive)] : []),
  ];
}
