import { FastDashboard } from '../../features/dashboard';

export default function FastDashboardPage() {
  return <FastDashboard />;
}
