/** The groups feature's public entry (other features and app.ts import only from here). */
export { groupsRoutes, type GroupsDeps } from './groups.routes';
export type { ContactLookup, PrepareFlowAccount } from './groups.ports';
export { isGroupMember } from './groups.service';
// Groups and memberships as other features read them (they own no group table): functions, and SQL builders for
// their own statements.
export {
  findWorkspaceGroup,
  groupCountSql,
  groupIdsOfMemberSql,
  groupNameJsonSql,
  groupsOfMemberAmong,
  isGroupMemberSql,
  isUsableGroup,
  listWorkspaceGroups,
  memberPhonesForMember,
  memberUserIdsSql,
  removeMembershipsInWorkspace,
  type GroupRecord,
} from './groups.queries';
