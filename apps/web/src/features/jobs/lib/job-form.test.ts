import { CreateJobBodySchema } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_JOB_FORM, toCreateJobBody, validateJobForm } from './job-form';

describe('validateJobForm', () => {
  it('requires a client name after trimming', () => {
    expect(validateJobForm({ ...EMPTY_JOB_FORM, client_name: '   ' })).toEqual({ client_name: 'Client name is required' });
    expect(validateJobForm({ ...EMPTY_JOB_FORM, client_name: 'Ana Ruiz' })).toEqual({});
  });
});

describe('toCreateJobBody', () => {
  it('trims, sends empty optional fields as null, and satisfies the contract', () => {
    const body = toCreateJobBody({ ...EMPTY_JOB_FORM, client_name: '  Ana Ruiz ', property_address: ' 12 Elm St ', due_date: '2026-12-01', status: 'pending' });
    expect(body).toEqual({
      client_name: 'Ana Ruiz',
      property_address: '12 Elm St',
      claim_number: null,
      title: null,
      description: null,
      due_date: '2026-12-01',
      status: 'pending',
    });
    expect(CreateJobBodySchema.safeParse(body).success).toBe(true);
  });
});
