import type { CreateJobBody, JobStatus } from '@fieldbook/contract';

export type JobFormValues = {
  client_name: string;
  property_address: string;
  claim_number: string;
  title: string;
  description: string;
  due_date: string;
  status: JobStatus;
};

export const EMPTY_JOB_FORM: JobFormValues = {
  client_name: '',
  property_address: '',
  claim_number: '',
  title: '',
  description: '',
  due_date: '',
  status: 'active',
};

/** The same message the server answers (CreateJobBodySchema), shown before the request is sent. */
export const CLIENT_NAME_REQUIRED = 'Client name is required';

export function validateJobForm(values: JobFormValues): Partial<Record<keyof JobFormValues, string>> {
  return values.client_name.trim() ? {} : { client_name: CLIENT_NAME_REQUIRED };
}

/** Trimmed values; empty optional fields are sent as null. */
export function toCreateJobBody(values: JobFormValues): CreateJobBody {
  const optional = (v: string) => v.trim() || null;
  return {
    client_name: values.client_name.trim(),
    property_address: optional(values.property_address),
    claim_number: optional(values.claim_number),
    title: optional(values.title),
    description: optional(values.description),
    due_date: values.due_date || null,
    status: values.status,
  };
}
