import { CreateJobBodySchema, type CreateJobBody, type JobStatus } from '@fieldbook/contract';
import { contractValidate } from '../../../lib/contract-form';

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

/** The form's fields; the body's fields carry the same names. */
export const JOB_FORM_FIELDS = Object.keys(EMPTY_JOB_FORM) as Array<keyof JobFormValues>;

/** CreateJobBodySchema — what the server checks — on the body this form sends (client name required, …). */
export const validateJobForm = contractValidate(CreateJobBodySchema, toCreateJobBody, JOB_FORM_FIELDS);
