import { CreateJobBodySchema } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_JOB_FORM, toCreateJobBody, validateJobForm } from './job-form';

describe('validateJobForm', () => {
  it('requires a client name after trimming', () => {
    expect(validateJobForm({ ...EMPTY_JOB_FORM, client_name: '   ' })).toEqual({ client_name: 'Client name is required' });
    expect(validateJobForm({ ...EMPTY_JOB_FORM, client_name: 'Ana Ruiz' })).toEqual({});
  });

  it('is the contract’s CreateJobBodySchema: what the server refuses, the form refuses, on the same field', () => {
    const tooLong = { ...EMPTY_JOB_FORM, client_name: 'A'.repeat(201) };
    const server = CreateJobBodySchema.safeParse(toCreateJobBody(tooLong));
    expect(server.success).toBe(false);
    expect(validateJobForm(tooLong)).toEqual({ client_name: server.error?.issues[0]?.message });
    expect(validateJobForm({ ...EMPTY_JOB_FORM, client_name: 'Ana', due_date: '2026-02-30x' })).toEqual({ due_date: 'Please enter a valid date (YYYY-MM-DD)' });
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
