import { RECORDINGS_PAGE_SIZE, recordingEndpoints, type Recording, type RecordingList } from '@fieldbook/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { nextOffset } from '../../../lib/offset-pages';
import { recordingKeys } from './keys';

/** While a listed call is waiting for or in transcription, the list asks again every few seconds. */
const TRANSCRIBING_POLL_MS = 4000;
const isTranscribing = (list: readonly Recording[] | undefined) => Boolean(list?.some((r) => r.transcription_status === 'pending' || r.transcription_status === 'processing'));

const recordingsOf = (page: RecordingList) => page.recordings;

/**
 * GET /api/recordings: the caller's own; for the admin everyone's, or one user's. Pages of RECORDINGS_PAGE_SIZE
 * (limit/offset): Load More Recordings reaches every call, not only the newest page.
 */
export function useRecordings(userId: string | null) {
  return useInfiniteQuery({
    queryKey: recordingKeys.list(userId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(recordingEndpoints.list, { query: { limit: RECORDINGS_PAGE_SIZE, offset: pageParam, ...(userId ? { user_id: userId } : {}) }, signal }),
    getNextPageParam: (_last, pages) => nextOffset(pages, RECORDINGS_PAGE_SIZE, recordingsOf),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => isTranscribing(page.recordings)) ? TRANSCRIBING_POLL_MS : false),
  });
}

export function useRecording(id: string | null) {
  return useQuery({
    queryKey: recordingKeys.detail(id ?? 'none'),
    queryFn: ({ signal }) => callEndpoint(recordingEndpoints.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (isTranscribing(query.state.data ? [query.state.data] : undefined) ? TRANSCRIBING_POLL_MS : false),
  });
}

/** The admin's Filter by User list (spec 001 §6). */
export function useRecordingUsers(enabled: boolean) {
  return useQuery({ queryKey: recordingKeys.users(), queryFn: ({ signal }) => callEndpoint(recordingEndpoints.users, { signal }), enabled, staleTime: 60_000 });
}

/** A signed URL the <audio> element streams from (it cannot send the session). */
export const playbackUrl = (id: string) => callEndpoint(recordingEndpoints.playbackUrl, { params: { id } });

function useRecordingWrite<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: recordingKeys.all }) });
}

export const useDeleteRecording = () => useRecordingWrite((id: string) => callEndpoint(recordingEndpoints.remove, { params: { id } }));
export const useRetryTranscription = () => useRecordingWrite((id: string) => callEndpoint(recordingEndpoints.retryTranscription, { params: { id } }));
export const useAssignContact = () =>
  useRecordingWrite((v: { id: string; contactId: string }) => callEndpoint(recordingEndpoints.assignContact, { params: { id: v.id }, body: { contact_id: v.contactId } }));
export const useUnassignContact = () =>
  useRecordingWrite((v: { id: string; contactId: string }) => callEndpoint(recordingEndpoints.unassignContact, { params: { id: v.id, contactId: v.contactId } }));
