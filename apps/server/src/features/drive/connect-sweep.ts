import type { PeriodicTask } from '../../platform/jobs';
import { CONNECT_SWEEP_INTERVAL_MS, sweepExpiredConnects, type DriveDeps } from './connection.service';

/**
 * The Drive feature's part of the server's maintenance (maintenance.ts, run by the job runner with the other periodic
 * tasks): every CONNECT_SWEEP_INTERVAL_MS, and once at start, the grants of phone-app connects nobody confirmed are
 * given back to Google and their sealed tokens forgotten (`sweepExpiredConnects`).
 */
export function driveConnectSweep(drive: DriveDeps): PeriodicTask {
  return { name: 'drive connect sweep', everyMs: CONNECT_SWEEP_INTERVAL_MS, run: () => sweepExpiredConnects(drive) };
}
