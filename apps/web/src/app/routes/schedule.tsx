// The board's styles load with this route only (ADR 0012: not in the login route's chunk).
import '@mantine/schedule/styles.css';
import { ScheduleScreen } from '../../features/schedule';

/** /schedule: the crews' board, the list and the Unscheduled tray (issue 34). */
export default function SchedulePage() {
  return <ScheduleScreen />;
}
