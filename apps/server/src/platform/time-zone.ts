/**
 * Wall-clock times in IANA time zones: the contract's time-zone module is their one home (server and web share it);
 * kept here under the names the server already imports.
 */
export { instantToWallTime, wallTimeToInstant, type WallTime } from '@fieldbook/contract';
