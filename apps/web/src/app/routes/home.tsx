import { HomeDashboard } from '../../features/home';

export default function HomePage() {
  return <HomeDashboard />;
}
