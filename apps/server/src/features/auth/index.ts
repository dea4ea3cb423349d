/** The auth feature's public entry: the GoTrue-compatible routes and the account helpers the demo seed uses. */
export { authRoutes } from './auth.routes';
export { createUserAccount } from './account.service';
export { findUserByEmail } from './auth.repository';
export { hashPassword, verifyPassword } from './passwords';
// Accounts created by another feature's flow (sign-up through an invitation), exactly as POST /signup makes them,
// inside that flow's transaction.
export { type AuthDeps } from './auth.service';
export { prepareFlowAccount } from './flow-account';
// An account's email inside another feature's statement (recordings' owner name).
export { userEmailSql } from './auth.queries';
