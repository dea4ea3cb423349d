import { NativeSelect } from '@mantine/core';
import type { Job, JobStatus } from '@fieldbook/contract';
import toast from 'react-hot-toast';
import { useUpdateJobStatus } from '../api/update-job-status';
import { cardStatusOptions, JOB_STATUS_OPTIONS, jobStatusLabel } from '../lib/job-status';

type JobStatusSelectProps = {
  job: Pick<Job, 'id' | 'status'>;
  /** 'card': only active or completed (spec 001 §2); 'all': every status (job detail). */
  choices?: 'card' | 'all';
  label?: string;
};

export function JobStatusSelect({ job, choices = 'card', label }: JobStatusSelectProps) {
  const update = useUpdateJobStatus();
  const status: JobStatus = update.isPending ? update.variables.status : job.status;
  const data = choices === 'card' ? cardStatusOptions(job.status) : JOB_STATUS_OPTIONS;

  return (
    <NativeSelect
      size="sm"
      w={{ base: '100%', xs: 150 }}
      label={label}
      aria-label={label ? undefined : 'Job status'}
      data={data}
      value={status}
      disabled={update.isPending}
      onChange={(e) => {
        const next = e.currentTarget.value as JobStatus;
        if (next === job.status) return;
        update.mutate(
          { id: job.id, status: next },
          {
            onSuccess: () => toast.success(`Job marked ${jobStatusLabel(next).toLowerCase()}`),
            onError: () => toast.error('Failed to update job status'),
          },
        );
      }}
    />
  );
}
