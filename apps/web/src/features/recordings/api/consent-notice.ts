import { DEFAULT_RECORDING_CONSENT_NOTICE, workspaceEndpoints, type SaveRecordingConsentNoticeBody } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { recordingKeys } from './keys';

/**
 * The workspace's notice shown before a recording starts (issue 26). Read again whenever a recording is about to
 * start, so an admin's change reaches the crew at once.
 */
export function useRecordingConsentNotice() {
  return useQuery({ queryKey: recordingKeys.consentNotice(), queryFn: ({ signal }) => callEndpoint(workspaceEndpoints.recordingConsent, { signal }), staleTime: 0 });
}

/**
 * The text to show: the workspace's, else — not loaded yet, offline with nothing cached, or the request failed —
 * the default. A recording never starts without a notice.
 */
export function consentNoticeText(data: { notice: string } | undefined): string {
  return data?.notice.trim() ? data.notice : DEFAULT_RECORDING_CONSENT_NOTICE;
}

/** An admin sets the workspace's notice (PUT, access 'admin'); null or empty brings the default back. */
export function useSaveRecordingConsentNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRecordingConsentNoticeBody) => callEndpoint(workspaceEndpoints.saveRecordingConsent, { body }),
    onSuccess: (saved) => queryClient.setQueryData(recordingKeys.consentNotice(), saved),
  });
}
