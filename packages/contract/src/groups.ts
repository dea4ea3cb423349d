import { z } from 'zod';
import { IdParamsSchema, OkSchema } from './common';
import { defineEndpoint } from './endpoint';
import { INVALID_EMAIL_MESSAGE, isEmailAddress } from './rules';

/** GET /api/groups: only the groups of this workspace (the task dialog, the assistant's group picker). */
export const ListGroupsQuerySchema = z.object({ workspace_id: z.uuid({ error: 'workspace_id must be a UUID' }).optional() });
export type ListGroupsQuery = z.infer<typeof ListGroupsQuerySchema>;

/** Spec 002 §6: admin (manages the group and members), member (views and contributes), view_only (views). */
export const GroupRoleSchema = z.enum(['admin', 'member', 'view_only']);
export type GroupRole = z.infer<typeof GroupRoleSchema>;

/** Role labels (spec 002 §2, §9): any other value shows View Only. */
export function groupRoleLabel(role: string): 'Admin' | 'Member' | 'View Only' {
  return role === 'admin' ? 'Admin' : role === 'member' ? 'Member' : 'View Only';
}

export const GROUP_NAME_REQUIRED = 'Group name is required';
export const INVITE_CONTACTS_REQUIRED = 'Please select at least one contact to invite';
export const INVITATION_EXPIRED = 'This invitation has expired';
export const INVITATION_NOT_FOUND = 'Invitation not found or has expired';
export const GROUP_NOT_FOUND = 'Group not found';
/** Spec 002 §9: an invitation is valid for 7 days. */
export const INVITATION_TTL_DAYS = 7;
/**
 * Accepting needs a one-time code texted to the invited phone: the link is a bearer token anyone it is forwarded to
 * holds, the code proves the phone (issue 22 item 4). Valid this long; one a minute; this many wrong tries end it.
 */
export const INVITATION_CODE_TTL_MINUTES = 10;
export const INVITATION_CODE_RESEND_SECONDS = 60;
export const INVITATION_CODE_MAX_ATTEMPTS = 5;
export const INVITATION_CODE_REQUIRED = 'Enter the code we texted to the invited phone';
export const INVITATION_CODE_INVALID = 'That code is wrong or has expired';
export const INVITATION_CODE_EXHAUSTED = 'Too many wrong codes: this invitation can no longer be used. Ask for a new one.';

export const GroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  created_by: z.uuid(),
  workspace_id: z.uuid(),
  drive_folder_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  member_count: z.number().int(),
  /** The caller's standing: creator, or their member role (a creator is also a member with role admin). */
  is_creator: z.boolean(),
  my_role: GroupRoleSchema.nullable(),
});
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = z.object({ groups: z.array(GroupSchema) });
export type GroupList = z.infer<typeof GroupListSchema>;

export const GroupBodySchema = z
  .object({
    name: z.string({ error: GROUP_NAME_REQUIRED }).trim().min(1, GROUP_NAME_REQUIRED).max(200),
    description: z
      .string()
      .trim()
      .max(2000)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type GroupBody = z.input<typeof GroupBodySchema>;

/** A member row with the name to show: profile name or email, else the caller's contact by phone, else 'Unknown'. */
export const GroupMemberSchema = z.object({
  id: z.uuid(),
  group_id: z.uuid(),
  user_id: z.uuid().nullable(),
  phone_number: z.string().nullable(),
  role: GroupRoleSchema,
  added_by: z.uuid().nullable(),
  display_name: z.string(),
  email: z.string().nullable(),
  is_creator: z.boolean(),
  created_at: z.string(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;
export const GroupMemberListSchema = z.object({ members: z.array(GroupMemberSchema) });
export type GroupMemberList = z.infer<typeof GroupMemberListSchema>;

export const MemberParamsSchema = z.object({ id: z.uuid(), memberId: z.uuid() });
export const UpdateMemberRoleBodySchema = z.object({ role: GroupRoleSchema }).strict();

export const InviteBodySchema = z
  .object({
    contact_ids: z.array(z.uuid(), { error: INVITE_CONTACTS_REQUIRED }).min(1, INVITE_CONTACTS_REQUIRED).max(200),
    role: GroupRoleSchema.default('member'),
  })
  .strict();
export type InviteBody = z.input<typeof InviteBodySchema>;
/** How many invitations were texted, and how many chosen contacts were skipped (already in the group). */
export const InviteResultSchema = z.object({ invited: z.number().int(), skipped: z.number().int() });
export type InviteResult = z.infer<typeof InviteResultSchema>;

/** An invitation token: the link's last segment (43 base64url characters; a shape check, not a lookup). */
export const TokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, INVITATION_NOT_FOUND) });

/**
 * The public view of an invitation (spec 002 §2 main card): nothing else about the group or the inviter.
 * phone_hint: the invited phone's last 4 digits, so the invitee knows where the code goes.
 */
export const InvitationPreviewSchema = z.object({
  group_name: z.string(),
  group_description: z.string().nullable(),
  role: GroupRoleSchema,
  expires_at: z.string(),
  phone_hint: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;
/** An invitation to the signed-in user's phone, by its id (/group-invite/{inviteId}, spec 002 §2). */
export const MyInvitationSchema = InvitationPreviewSchema.extend({ id: z.uuid() });
export type MyInvitation = z.infer<typeof MyInvitationSchema>;
export const MyInvitationListSchema = z.object({ invitations: z.array(MyInvitationSchema) });
export type MyInvitationList = z.infer<typeof MyInvitationListSchema>;

/** A code was texted to the invited phone (or one sent under a minute ago is still on its way). */
export const InvitationCodeSentSchema = z.object({ phone_hint: z.string(), expires_at: z.string() });
export type InvitationCodeSent = z.infer<typeof InvitationCodeSentSchema>;
const InvitationCodeSchema = z
  .string({ error: INVITATION_CODE_REQUIRED })
  .trim()
  .min(1, INVITATION_CODE_REQUIRED)
  .regex(/^\d{6}$/, INVITATION_CODE_INVALID);
export const AcceptInvitationBodySchema = z.object({ code: InvitationCodeSchema }).strict();
export type AcceptInvitationBody = z.input<typeof AcceptInvitationBodySchema>;

export const AcceptInvitationResultSchema = z.object({ group_id: z.uuid(), already_member: z.boolean() });
export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResultSchema>;

/** Sign-up through an invitation (spec 002 §5 messages). */
export const InvitationSignUpBodySchema = z
  .object({
    full_name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
    email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(320, INVALID_EMAIL_MESSAGE).refine(isEmailAddress, INVALID_EMAIL_MESSAGE),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
    code: InvitationCodeSchema,
    /**
     * The browser's IANA zone, for the new account's personal workspace (as the sign-up form sends it). A zone the
     * server does not know never stops a sign-up: the workspace gets UTC, as when it is absent.
     */
    time_zone: z.string().max(64).optional(),
  })
  .strict();
export type InvitationSignUpBody = z.input<typeof InvitationSignUpBodySchema>;
/** The membership exists; with email confirmation on, the user confirms and then signs in. */
export const InvitationSignUpResultSchema = z.object({ group_id: z.uuid(), confirmation_required: z.boolean() });
export type InvitationSignUpResult = z.infer<typeof InvitationSignUpResultSchema>;

const tags = ['groups'];

/** Groups, members and invitations (spec 002 §2–§7), as REST endpoints with server-side checks. */
export const groupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/groups',
    access: 'user',
    summary: 'Groups the caller created or belongs to, with member counts (optionally of one workspace)',
    tags,
    query: ListGroupsQuerySchema,
    response: GroupListSchema,
  }),
  create: defineEndpoint({ method: 'POST', path: '/api/groups', access: 'user', summary: "Create a group in the caller's workspace", tags, body: GroupBodySchema, status: 201, response: GroupSchema }),
  get: defineEndpoint({ method: 'GET', path: '/api/groups/:id', access: 'user', summary: 'A group the caller created or belongs to', tags, params: IdParamsSchema, response: GroupSchema }),
  update: defineEndpoint({ method: 'PUT', path: '/api/groups/:id', access: 'user', summary: 'Edit a group (creator only)', tags, params: IdParamsSchema, body: GroupBodySchema, response: GroupSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/groups/:id', access: 'user', summary: 'Delete a group (creator only)', tags, params: IdParamsSchema, response: OkSchema }),
  members: defineEndpoint({ method: 'GET', path: '/api/groups/:id/members', access: 'user', summary: "A group's members with display names", tags, params: IdParamsSchema, response: GroupMemberListSchema }),
  updateMember: defineEndpoint({
    method: 'PATCH',
    path: '/api/groups/:id/members/:memberId',
    access: 'user',
    summary: "Change a member's role (creator only, never their own row)",
    tags,
    params: MemberParamsSchema,
    body: UpdateMemberRoleBodySchema,
    response: GroupMemberSchema,
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/groups/:id/members/:memberId',
    access: 'user',
    summary: 'Remove a member (creator only, never their own row)',
    tags,
    params: MemberParamsSchema,
    response: OkSchema,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/groups/:id/invitations',
    access: 'user',
    summary: 'Text an invitation link to each chosen contact not yet in the group (creator and group admins)',
    tags,
    params: IdParamsSchema,
    body: InviteBodySchema,
    status: 201,
    response: InviteResultSchema,
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/:token',
    access: 'public',
    summary: 'Public: the group and role an invitation is for',
    tags,
    params: TokenParamsSchema,
    response: InvitationPreviewSchema,
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/code',
    access: 'public',
    summary: 'Public: text a one-time code to the invited phone (at most one a minute); accepting needs it',
    tags,
    params: TokenParamsSchema,
    response: InvitationCodeSentSchema,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    access: 'user',
    summary: 'Accept an invitation as the signed-in caller with the code texted to the invited phone (single use)',
    tags,
    params: TokenParamsSchema,
    body: AcceptInvitationBodySchema,
    response: AcceptInvitationResultSchema,
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/decline',
    access: 'public',
    summary: 'Public: decline an invitation (it is deleted)',
    tags,
    params: TokenParamsSchema,
    response: OkSchema,
  }),
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/sign-up',
    access: 'public',
    summary: 'Public: with the code texted to the invited phone, create an account and accept the invitation for it (one transaction)',
    tags,
    params: TokenParamsSchema,
    body: InvitationSignUpBodySchema,
    status: 201,
    response: InvitationSignUpResultSchema,
  }),
  mineList: defineEndpoint({
    method: 'GET',
    path: '/api/my-invitations',
    access: 'user',
    summary: "Pending invitations to the phone on the caller's profile, newest first (each opens /group-invite/{id})",
    tags,
    response: MyInvitationListSchema,
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/my-invitations/:id',
    access: 'user',
    summary: "An invitation to the caller's phone, by id (others are not found)",
    tags,
    params: IdParamsSchema,
    response: MyInvitationSchema,
  }),
  mineSendCode: defineEndpoint({
    method: 'POST',
    path: '/api/my-invitations/:id/code',
    access: 'user',
    summary: "Text a one-time code to the phone of an invitation to the caller's phone",
    tags,
    params: IdParamsSchema,
    response: InvitationCodeSentSchema,
  }),
  mineAccept: defineEndpoint({
    method: 'POST',
    path: '/api/my-invitations/:id/accept',
    access: 'user',
    summary: "Accept an invitation to the caller's phone by id, with the texted code",
    tags,
    params: IdParamsSchema,
    body: AcceptInvitationBodySchema,
    response: AcceptInvitationResultSchema,
  }),
  mineDecline: defineEndpoint({
    method: 'POST',
    path: '/api/my-invitations/:id/decline',
    access: 'user',
    summary: "Decline an invitation to the caller's phone by id (it is deleted)",
    tags,
    params: IdParamsSchema,
    response: OkSchema,
  }),
};
