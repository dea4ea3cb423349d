/** The profiles feature's public entry (other features and app.ts import only from here). */
export { profilesRoutes } from './profiles.routes';
// Names and details of people for other features' answers (one query per page of ids).
export { findPeople, profileDisplayNames, type PersonRecord } from './profiles.queries';
// A workspace's admins (its owner, admin-role members), told of what its clients decide (workspaces' workspaceAdminIds).
export { workspaceAdminMemberIds } from './profiles.queries';
// A profile's workspace link, which the workspaces feature manages through these.
export {
  linkUnassignedProfiles,
  listWorkspacePeople,
  lockProfileWorkspace,
  profileCountSql,
  profileWorkspaceIdSql,
  setProfileWorkspace,
  unlinkProfileFromWorkspace,
  unlinkWorkspaceProfiles,
  type WorkspacePerson,
} from './profiles.queries';
// The profile of a new account and its email, written by the auth feature.
export { insertProfile, syncProfileEmail, type NewProfile } from './profiles.queries';
// The owner's name on another feature's rows (recordings), and the admin's list of people.
export { listPeopleByName, profileUserNameSql } from './profiles.queries';
