import { photoOutputEndpoints, type CreatePhotoReportBody, type PhotoReport, type PhotoReportList } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { photoOutputKeys } from './photo-output-keys';

export function getPhotoReports(jobId: string, signal?: AbortSignal): Promise<PhotoReportList> {
  return callEndpoint(photoOutputEndpoints.listReports, { params: { id: jobId }, signal });
}

/** How often a job's reports are asked for again while one is being made. */
export const REPORT_POLL_MS = 3000;

/** GET /api/jobs/:id/photo-reports — polled while a report is pending, until it is done or failed. */
export const usePhotoReports = (jobId: string) =>
  useQuery({
    queryKey: photoOutputKeys.reports(jobId),
    queryFn: ({ signal }) => getPhotoReports(jobId, signal),
    refetchInterval: (query) => (query.state.data?.reports.some((r) => r.status === 'pending') ? REPORT_POLL_MS : false),
  });

export function createPhotoReport(jobId: string, body: CreatePhotoReportBody): Promise<PhotoReport> {
  return callEndpoint(photoOutputEndpoints.createReport, { params: { id: jobId }, body });
}

/** POST /api/jobs/:id/photo-reports; the list shows it pending at once. */
export function useCreatePhotoReport(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePhotoReportBody) => createPhotoReport(jobId, body),
    onSuccess: (report) => {
      queryClient.setQueryData<PhotoReportList>(photoOutputKeys.reports(jobId), (prev) => ({ reports: [report, ...(prev?.reports ?? []).filter((r) => r.id !== report.id)] }));
    },
  });
}
