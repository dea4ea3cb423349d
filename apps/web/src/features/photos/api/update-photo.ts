import { photoEndpoints, type Photo, type UpdatePhotoBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { replacePhotosInLists } from './get-photo';
import { photoKeys } from './keys';

export function updatePhoto(id: string, body: UpdatePhotoBody): Promise<Photo> {
  return callEndpoint(photoEndpoints.update, { params: { id }, body });
}

/**
 * PATCH /api/photos/:id (caption, stage, tags). The answer replaces the photo in place; the lists are refetched too
 * when the stage changed (a stage filter may no longer hold it).
 */
export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePhotoBody }) => updatePhoto(id, body),
    onSuccess: (photo, { body }) => {
      queryClient.setQueryData(photoKeys.detail(photo.id), photo);
      replacePhotosInLists(queryClient, [photo]);
      if (body.stage !== undefined) void queryClient.invalidateQueries({ queryKey: photoKeys.lists() });
    },
  });
}
