/** The groups feature's public entry: the groups screens and the invitation page. */
export { GroupDetailScreen } from './components/group-detail-screen';
export { GroupInviteScreen } from './components/group-invite-screen';
export { GroupsScreen } from './components/groups-screen';
export { InvitationScreen } from './components/invitation-screen';
