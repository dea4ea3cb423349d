import { IconHome } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function HomePage() {
  return (
    <ScreenPlaceholder
      title="Home"
      description="Recent tasks, recent documents and active jobs across your workspace."
      icon={<IconHome size={28} />}
      emptyTitle="Recent work"
      emptyText="Tasks, documents and jobs your crew touches will show up here."
    />
  );
}
