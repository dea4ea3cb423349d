import { scheduleEndpoints } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/schedule/feed — whether the caller has a calendar feed link (its URL is shown only when made). */
export function useCalendarFeed() {
  return useQuery({ queryKey: scheduleKeys.feed(), queryFn: ({ signal }) => callEndpoint(scheduleEndpoints.feedStatus, { signal }) });
}

/** POST /api/schedule/feed — a new link; the old one stops working at once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(scheduleEndpoints.resetFeed, {}),
    onSuccess: (link) => queryClient.setQueryData(scheduleKeys.feed(), { active: true, created_at: link.created_at }),
  });
}

/** DELETE /api/schedule/feed — the feed is off (its link answers nothing any more). */
export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(scheduleEndpoints.removeFeed, {}),
    onSuccess: () => queryClient.setQueryData(scheduleKeys.feed(), { active: false, created_at: null }),
  });
}
