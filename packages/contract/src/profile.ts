import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const RoleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof RoleSchema>;

/** GET /api/profile: the caller's profile. `default_workspace_id` repeats `workspace_id` (the name the client uses). */
export const ProfileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  user_name: z.string().nullable(),
  full_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: RoleSchema,
  workspace_id: z.uuid().nullable(),
  default_workspace_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const profileEndpoints = {
  get: defineEndpoint({ method: 'GET', path: '/api/profile', access: 'user', summary: "The caller's profile", tags: ['profiles'], response: ProfileSchema }),
};
