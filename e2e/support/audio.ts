/**
 * Call audio for the browser tests: the server tests' helpers (a WAV tone made in code, a call spoken by Debian's
 * flite, which .ci/run installs), so both kinds of test upload the same audio.
 */
export { spokenCall, telephoneBand, wavTone } from '../../apps/server/src/features/recordings/recordings.test-helpers';
