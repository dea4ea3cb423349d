import { HomeDashboard } from '../../features/home/components/home-dashboard';

export default function HomePage() {
  return <HomeDashboard />;
}
