import type { Contact, Document, DriveStatus, Group, Task, WorkspaceSummary } from '@fieldbook/contract';

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A task factory for the pure-logic tests: every field filled, overrides on top. */
export function makeTask(overrides: Omit<Partial<Task>, 'job'> & { job?: Partial<Task['job']> } = {}): Task {
  counter += 1;
  const jobId = overrides.job_id ?? overrides.job?.id ?? uuid(9000);
  const { job, ...rest } = overrides;
  return {
    id: uuid(counter),
    job_id: jobId,
    description: `Task ${counter}`,
    assigned_to: null,
    assignee_name: null,
    status: 'pending',
    priority: 'medium',
    due_date: null,
    document_id: null,
    group_id: null,
    created_at: `2025-03-01T10:00:${String(counter % 60).padStart(2, '0')}.000Z`,
    updated_at: '2025-03-01T10:00:00.000Z',
    ...rest,
    job: { id: jobId, client_name: 'Smith', property_address: '1 Main St', title: null, status: 'active', ...job },
  };
}

export const jobIds = { a: uuid(9001), b: uuid(9002), c: uuid(9003) };

/** An uploaded PDF of the workspace, processed unless told: every field filled. */
export function makeDocument(name: string, overrides: Partial<Document> = {}): Document {
  counter += 1;
  return {
    id: uuid(counter),
    workspace_id: uuid(99_999),
    job_id: null,
    task_id: null,
    name,
    document_type: 'uploaded',
    file_type: 'pdf',
    mime_type: 'application/pdf',
    file_size: 1000,
    status: 'processed',
    storage_type: 'server',
    storage_id: null,
    metadata: {},
    processing_error: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    processed_at: '2026-11-01T00:00:00.000Z',
    job: null,
    ...overrides,
  };
}

/** A group the signed-in test user created (so its admin), of three members: every field filled. */
export function makeGroup(name: string, overrides: Partial<Group> = {}): Group {
  counter += 1;
  return {
    id: uuid(7000 + counter),
    name,
    description: null,
    created_by: '6f1c1d1e-0000-4000-8000-00000000a11c',
    workspace_id: '00000000-0000-4000-8000-0000000000b1',
    drive_folder_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    member_count: 3,
    is_creator: true,
    my_role: 'admin',
    ...overrides,
  };
}

/** A contact of the signed-in test user: every field filled. */
export function makeContact(name: string, phone: string, overrides: Partial<Contact> = {}): Contact {
  counter += 1;
  return {
    id: uuid(5000 + counter),
    owner_id: '6f1c1d1e-0000-4000-8000-00000000a11c',
    name,
    phone_number: phone,
    phone,
    email: null,
    notes: null,
    role: null,
    email_opt_in: false,
    sms_opt_in: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    shared_by: null,
    shared_group_ids: [],
    ...overrides,
  };
}

/** `count` workspaces named "Bulk Co 0001"… with ids in order, for tests that page or search past a list's first page. */
export function bulkWorkspaceSummaries(count: number): WorkspaceSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    id: uuid(i + 1),
    name: `Bulk Co ${String(i + 1).padStart(4, '0')}`,
    description: null,
    owner_id: null,
    privacy_setting: 'private',
    drive_integration_enabled: true,
    default_group_visibility: 'invite_only',
    time_zone: 'UTC',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    deleted_at: null,
    user_count: 0,
    group_count: 0,
  }));
}

/** Google Drive as a user who never connected it sees it (the server has Google credentials). */
export const DRIVE_DISCONNECTED: DriveStatus = { configured: true, status: 'disconnected', user: null, folders: [], copies: { pending: 0, failed: 0 }, existing: { total: 0, done: 0, failed: 0 }, message: null };
