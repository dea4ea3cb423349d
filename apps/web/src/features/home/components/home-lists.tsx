import { Badge, Group, Text } from '@mantine/core';
import { IconBriefcase, IconChecklist, IconFileText } from '@tabler/icons-react';
import { formatPhoneInput, jobClientName, type HomepageData } from '@fieldbook/contract';
import { TaskBadges } from '../../../components/task-badges';
import { formatFileSize } from '../../../lib/format-file-size';
import { previewText } from '../../../lib/preview';
import { HomeCard, HomeRow } from './home-card';

const JOB_STATUS_COLOR: Record<string, string> = { active: 'fieldbook', pending: 'yellow', 'in progress': 'blue', completed: 'gray', cancelled: 'red' };

export function RecentTasksCard({ tasks, nameOf }: { tasks: HomepageData['recentTasks']; nameOf: (phone: string | null) => string | null }) {
  return (
    <HomeCard title="Recent Tasks" icon={<IconChecklist size={18} />} viewAllTo="/tasks" isEmpty={tasks.length === 0} emptyText="No tasks yet">
      {tasks.map((task) => (
        <HomeRow key={task.id} to={`/jobs/${task.job_id}`} testId="home-task">
          <Text size="sm" fw={500} data-testid="task-preview">
            {previewText(task.description)}
          </Text>
          <Text size="xs" c="dimmed" mt={2} truncate>
            {task.title}
            {task.assigned_to ? ` · ${nameOf(task.assigned_to) ?? formatPhoneInput(task.assigned_to)}` : ' · Unassigned'}
          </Text>
          <Group mt={6} gap={6}>
            <TaskBadges task={task} withStatus />
          </Group>
        </HomeRow>
      ))}
    </HomeCard>
  );
}

export function RecentDocumentsCard({ documents }: { documents: HomepageData['recentDocuments'] }) {
  return (
    <HomeCard title="Recent Documents" icon={<IconFileText size={18} />} viewAllTo="/documents" isEmpty={documents.length === 0} emptyText="No documents yet">
      {documents.map((doc) => (
        <HomeRow key={doc.id} to={`/documents/${doc.id}`} testId="home-document">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={500} truncate>
              {doc.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatFileSize(doc.file_size)}
            </Text>
          </Group>
          <Group gap={6} mt={4}>
            {doc.document_type && (
              <Badge size="xs" variant="outline" color="gray">
                {doc.document_type.replace(/_/g, ' ')}
              </Badge>
            )}
            <Badge size="xs" variant="light" color={doc.status === 'processed' ? 'green' : doc.status === 'created' ? 'blue' : 'orange'}>
              {doc.status}
            </Badge>
          </Group>
        </HomeRow>
      ))}
    </HomeCard>
  );
}

export function ActiveJobsCard({ jobs, contacts }: { jobs: HomepageData['activeJobs']; contacts: Parameters<typeof jobClientName>[1] }) {
  return (
    <HomeCard title="Active Jobs" icon={<IconBriefcase size={18} />} viewAllTo="/jobs" isEmpty={jobs.length === 0} emptyText="No active jobs">
      {jobs.map((job) => (
        <HomeRow key={job.id} to={`/jobs/${job.id}`} testId="home-job">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} truncate>
              {jobClientName(job, contacts)}
            </Text>
            <Badge size="sm" variant="light" color={JOB_STATUS_COLOR[job.status] ?? 'gray'} style={{ flexShrink: 0 }}>
              {job.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mt={2} truncate>
            {[job.title, job.property_address].filter(Boolean).join(' · ') || 'No address'}
            {job.due_date ? ` · Due ${job.due_date}` : ''}
          </Text>
        </HomeRow>
      ))}
    </HomeCard>
  );
}
