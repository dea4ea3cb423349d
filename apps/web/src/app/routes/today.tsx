import { TodayScreen } from '../../features/schedule';

/** /today: the signed-in person's visits of today, for the phone (issue 34). */
export default function TodayPage() {
  return <TodayScreen />;
}
