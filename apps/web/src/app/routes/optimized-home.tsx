import { FastDashboard } from '../../features/dashboard/components/fast-dashboard';

export default function FastDashboardPage() {
  return <FastDashboard />;
}
