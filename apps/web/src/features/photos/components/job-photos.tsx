import { Paper, Stack, Title } from '@mantine/core';
import { PhotoUploader } from './photo-uploader';

/** The Photos panel of a job's page (issue 35): add photos, then the job's grid. */
export function JobPhotos({ jobId }: { jobId: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`job-photos-${jobId}`}>
      <Stack gap="sm">
        <Title order={2} fz={18} id={`job-photos-${jobId}`}>
          Photos
        </Title>
        <PhotoUploader jobId={jobId} />
      </Stack>
    </Paper>
  );
}
