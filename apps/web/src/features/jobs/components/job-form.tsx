import { Button, Grid, Group, NativeSelect, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useCreateJob } from '../api/create-job';
import { EMPTY_JOB_FORM, JOB_FORM_FIELDS, toCreateJobBody, validateJobForm, type JobFormValues } from '../lib/job-form';
import { JOB_STATUS_OPTIONS } from '../lib/job-status';
import { isNoWorkspaceError } from '../../../lib/load-error-message';

/** The New Job form (/jobs/new): creates the job (POST /api/jobs) and then opens it. */
export function JobForm() {
  const navigate = useNavigate();
  const create = useCreateJob();
  const form = useForm<JobFormValues>({ initialValues: EMPTY_JOB_FORM, validate: validateJobForm });

  const submit = form.onSubmit((values) => {
    create.mutate(toCreateJobBody(values), {
      onSuccess: (job) => {
        toast.success('Job created');
        void navigate(`/jobs/${job.id}`);
      },
      onError: (err) => {
        // 400s name their fields: show each next to its input.
        const errors = fieldErrorsOf(err, JOB_FORM_FIELDS);
        for (const [field, message] of Object.entries(errors)) form.setFieldError(field, message);
        if (isNoWorkspaceError(err)) toast.error('Set up My Workspace before creating jobs.');
        else if (Object.keys(errors).length === 0) toast.error(`Failed to create job: ${err.message}`);
      },
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Client name" placeholder="e.g. Maria Lopez" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('client_name')} />
          <TextInput label="Property address" placeholder="Street, city, state ZIP" autoComplete="street-address" {...form.getInputProps('property_address')} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Job title" placeholder="e.g. Roof replacement after hail" {...form.getInputProps('title')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Claim number" placeholder="Insurance claim, if any" {...form.getInputProps('claim_number')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput type="date" label="Due date" {...form.getInputProps('due_date')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect label="Status" size="md" data={JOB_STATUS_OPTIONS} {...form.getInputProps('status')} />
            </Grid.Col>
          </Grid>
          <Textarea size="md" label="Description" placeholder="Scope of work, access notes…" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" component={Link} to="/jobs">
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Job
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
