import { z } from 'zod';
import { IdParamsSchema, OkSchema, TimeZoneSchema } from './common';
import { defineEndpoint } from './endpoint';
import { OptionalFilterTextSchema } from './work-enums';

/** Spec 002 §3: a workspace's privacy and its groups' default visibility. */
export const PrivacySettingSchema = z.enum(['private', 'limited', 'public']);
export type PrivacySetting = z.infer<typeof PrivacySettingSchema>;
export const GroupVisibilitySchema = z.enum(['invite_only', 'contact_visible', 'public']);
export type GroupVisibility = z.infer<typeof GroupVisibilitySchema>;

export const WORKSPACE_NAME_REQUIRED = 'Workspace name is required';

/** Workspace name (spec 002 §5): required, trimmed. */
export const WorkspaceNameSchema = z.string({ error: WORKSPACE_NAME_REQUIRED }).trim().min(1, WORKSPACE_NAME_REQUIRED).max(200);

const descriptionSchema = z
  .string()
  .trim()
  .max(2000)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const WorkspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  owner_id: z.uuid().nullable(),
  privacy_setting: PrivacySettingSchema,
  drive_integration_enabled: z.boolean(),
  default_group_visibility: GroupVisibilitySchema,
  /** IANA zone: what people read and type (due dates, "valid until", reports by day) is in it. */
  time_zone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

/**
 * GET /api/my-workspace: the caller's workspace, or null with a suggested name when they have none yet (a user
 * an admin removed from theirs; spec 002 §2 "a default name is suggested").
 */
/**
 * can_edit: whether the caller may save these settings — its owner or a system admin (the name is the sender name
 * customers see in mail and SMS); a caller without a workspace may create one. Others see them read-only.
 */
export const MyWorkspaceSchema = z.object({ workspace: WorkspaceSchema.nullable(), suggested_name: z.string(), can_edit: z.boolean() });
/** PUT /api/my-workspace by a member who does not own the workspace. */
export const WORKSPACE_OWNER_ONLY = 'Only the workspace owner can change its settings';
export type MyWorkspace = z.infer<typeof MyWorkspaceSchema>;

/** PUT /api/my-workspace: creates the caller's workspace when they have none, else updates it (spec 002 §4). */
export const SaveMyWorkspaceBodySchema = z
  .object({
    name: WorkspaceNameSchema,
    privacy_setting: PrivacySettingSchema.default('private'),
    drive_integration_enabled: z.boolean().default(true),
    default_group_visibility: GroupVisibilitySchema.default('invite_only'),
    /** Left out: unchanged, or for a new workspace UTC. The web sends the browser's zone when it creates one. */
    time_zone: TimeZoneSchema.optional(),
  })
  .strict();
export type SaveMyWorkspaceBody = z.input<typeof SaveMyWorkspaceBodySchema>;

/** A row of the admin table (spec 002 §2): the workspace with its user and group counts. */
export const WorkspaceSummarySchema = WorkspaceSchema.extend({ user_count: z.number().int(), group_count: z.number().int() });
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;
export const WorkspaceListSchema = z.object({ workspaces: z.array(WorkspaceSummarySchema), total: z.number().int() });
export type WorkspaceList = z.infer<typeof WorkspaceListSchema>;

export const WORKSPACES_PAGE_MAX = 500;
/** The admin table's page and the analytics select's matches per search: lists page, they never stop at a cap. */
export const WORKSPACES_PAGE_SIZE = 50;

/** GET /api/workspaces: every word of q in the name or description; `deleted=true` lists deleted ones instead. */
export const ListWorkspacesQuerySchema = z.object({
  q: OptionalFilterTextSchema,
  deleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(WORKSPACES_PAGE_MAX).default(WORKSPACES_PAGE_MAX),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListWorkspacesQuery = z.input<typeof ListWorkspacesQuerySchema>;

/** time_zone left out: unchanged, or UTC for a new workspace (the admin's browser sends its zone when creating). */
export const WorkspaceBodySchema = z.object({ name: WorkspaceNameSchema, description: descriptionSchema, time_zone: TimeZoneSchema.optional() }).strict();
export type WorkspaceBody = z.input<typeof WorkspaceBodySchema>;

/** A user as the manage-users modal lists them (spec 002 §7: id, email, user_name, full_name). */
export const WorkspaceUserSchema = z.object({ id: z.uuid(), email: z.string(), user_name: z.string().nullable(), full_name: z.string().nullable() });
export type WorkspaceUser = z.infer<typeof WorkspaceUserSchema>;
export const WorkspaceUserListSchema = z.object({ users: z.array(WorkspaceUserSchema) });
export type WorkspaceUserList = z.infer<typeof WorkspaceUserListSchema>;

export const ASSIGN_USERS_REQUIRED = 'Please select users to assign';
export const AssignUsersBodySchema = z
  .object({ user_ids: z.array(z.uuid(), { error: ASSIGN_USERS_REQUIRED }).min(1, ASSIGN_USERS_REQUIRED).max(500) })
  .strict();
export type AssignUsersBody = z.input<typeof AssignUsersBodySchema>;
/** How many of the chosen users were assigned (a user who meanwhile joined another workspace is skipped). */
export const AssignUsersResultSchema = z.object({ assigned: z.number().int(), skipped: z.number().int() });

export const WorkspaceUserParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });

/**
 * The notice shown before a recording starts (issue 26: several US states require every party's consent to a
 * recorded call). One per workspace, set by an admin; unset, DEFAULT_RECORDING_CONSENT_NOTICE. It cannot be turned
 * off: saving an empty notice brings the default back.
 */
export const DEFAULT_RECORDING_CONSENT_NOTICE =
  'Before you record, tell everyone on the call that it is being recorded. Several US states require the consent of every party to a recorded call.';
export const RECORDING_CONSENT_NOTICE_MAX = 1000;
export const RecordingConsentNoticeSchema = z.object({
  notice: z.string(),
  /** No notice of the workspace's own: this is the default. */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type RecordingConsentNotice = z.infer<typeof RecordingConsentNoticeSchema>;
/** PUT: the workspace's notice; empty or null goes back to the default. */
export const SaveRecordingConsentNoticeBodySchema = z
  .object({
    notice: z
      .string()
      .trim()
      .max(RECORDING_CONSENT_NOTICE_MAX, { error: `The notice can be at most ${RECORDING_CONSENT_NOTICE_MAX} characters` })
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type SaveRecordingConsentNoticeBody = z.input<typeof SaveRecordingConsentNoticeBodySchema>;

const tags = ['workspaces'];

/** My workspace (any signed-in user) and workspace management (system admins only), spec 002 §2–§7. */
export const workspaceEndpoints = {
  mine: defineEndpoint({ method: 'GET', path: '/api/my-workspace', access: 'user', summary: "The caller's workspace, or null with a suggested name", tags, response: MyWorkspaceSchema }),
  saveMine: defineEndpoint({
    method: 'PUT',
    path: '/api/my-workspace',
    access: 'user',
    summary: "Save the caller's workspace settings; creates one (owner = caller) when they have none",
    tags,
    body: SaveMyWorkspaceBodySchema,
    response: WorkspaceSchema,
  }),
  recordingConsent: defineEndpoint({
    method: 'GET',
    path: '/api/my-workspace/recording-consent',
    access: 'user',
    summary: "The notice shown before a recording starts: the caller's workspace's, or the default",
    tags,
    response: RecordingConsentNoticeSchema,
  }),
  saveRecordingConsent: defineEndpoint({
    method: 'PUT',
    path: '/api/my-workspace/recording-consent',
    access: 'admin',
    summary: "Admin: the notice shown before a recording starts in the admin's workspace (empty: the default)",
    tags,
    body: SaveRecordingConsentNoticeBodySchema,
    response: RecordingConsentNoticeSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces',
    access: 'admin',
    summary: 'Admin: workspaces ordered by name with user and group counts, searched on the server',
    tags,
    query: ListWorkspacesQuerySchema,
    response: WorkspaceListSchema,
  }),
  create: defineEndpoint({ method: 'POST', path: '/api/workspaces', access: 'admin', summary: 'Admin: create a workspace', tags, body: WorkspaceBodySchema, status: 201, response: WorkspaceSummarySchema }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/workspaces/:id',
    access: 'admin',
    summary: 'Admin: edit a workspace',
    tags,
    params: IdParamsSchema,
    body: WorkspaceBodySchema,
    response: WorkspaceSummarySchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id',
    access: 'admin',
    summary: 'Admin: delete a workspace (members unlinked; its work is kept and it can be restored)',
    tags,
    params: IdParamsSchema,
    response: OkSchema,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/api/workspaces/:id/restore',
    access: 'admin',
    summary: 'Admin: restore a deleted workspace',
    tags,
    params: IdParamsSchema,
    response: WorkspaceSummarySchema,
  }),
  unassignedUsers: defineEndpoint({
    method: 'GET',
    path: '/api/workspaces/unassigned-users',
    access: 'admin',
    summary: 'Admin: users without a workspace (the only ones offered to assign)',
    tags,
    response: WorkspaceUserListSchema,
  }),
  users: defineEndpoint({ method: 'GET', path: '/api/workspaces/:id/users', access: 'admin', summary: "Admin: a workspace's users", tags, params: IdParamsSchema, response: WorkspaceUserListSchema }),
  assignUsers: defineEndpoint({
    method: 'POST',
    path: '/api/workspaces/:id/users',
    access: 'admin',
    summary: 'Admin: assign users without a workspace to this one',
    tags,
    params: IdParamsSchema,
    body: AssignUsersBodySchema,
    response: AssignUsersResultSchema,
  }),
  removeUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/workspaces/:id/users/:userId',
    access: 'admin',
    summary: 'Admin: remove a user from a workspace',
    tags,
    params: WorkspaceUserParamsSchema,
    response: OkSchema,
  }),
};
