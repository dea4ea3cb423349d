import { photoOutputEndpoints, type CreatePhotoGalleryBody, type PhotoGallery, type PhotoGalleryList, type PublicGallery } from '@fieldbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { photoOutputKeys } from './photo-output-keys';

export function getGalleries(jobId: string, signal?: AbortSignal): Promise<PhotoGalleryList> {
  return callEndpoint(photoOutputEndpoints.listGalleries, { params: { id: jobId }, signal });
}

/** GET /api/jobs/:id/photo-galleries — the job's shared links. */
export const useGalleries = (jobId: string) => useQuery({ queryKey: photoOutputKeys.galleries(jobId), queryFn: ({ signal }) => getGalleries(jobId, signal) });

const putGallery = (gallery: PhotoGallery) => (prev: PhotoGalleryList | undefined) => ({ galleries: [gallery, ...(prev?.galleries ?? []).filter((g) => g.id !== gallery.id)] });

/** POST /api/jobs/:id/photo-galleries — answers the gallery with its link. */
export function useCreateGallery(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePhotoGalleryBody) => callEndpoint(photoOutputEndpoints.createGallery, { params: { id: jobId }, body }),
    onSuccess: (gallery) => queryClient.setQueryData(photoOutputKeys.galleries(jobId), putGallery(gallery)),
  });
}

/** POST /api/photo-galleries/:id/revoke — the list keeps it, marked revoked, without its link. */
export function useRevokeGallery(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(photoOutputEndpoints.revokeGallery, { params: { id } }),
    onSuccess: (gallery) =>
      queryClient.setQueryData<PhotoGalleryList>(photoOutputKeys.galleries(jobId), (prev) => ({ galleries: (prev?.galleries ?? [gallery]).map((g) => (g.id === gallery.id ? gallery : g)) })),
  });
}

/** GET /api/public/galleries/:token — the client's page, no session; asked once (a refusal is shown, not retried). */
export const usePublicGallery = (token: string) =>
  useQuery({
    queryKey: photoOutputKeys.publicGallery(token),
    queryFn: ({ signal }): Promise<PublicGallery> => callEndpoint(photoOutputEndpoints.publicGallery, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** POST …/viewed — the page was rendered in a person's browser (the client side's rule); a failure changes nothing shown. */
export const useMarkGalleryViewed = (token: string) => useMutation({ mutationFn: () => callEndpoint(photoOutputEndpoints.publicGalleryViewed, { params: { token } }), retry: 1 });
