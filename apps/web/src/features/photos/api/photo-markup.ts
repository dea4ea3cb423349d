import { photoEndpoints, type Photo, type PutPhotoMarkupBody } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { replacePhotosInLists } from './get-photo';
import { photoKeys } from './keys';

/** PUT /api/photos/:id/markup with the version it was drawn on (409 when someone saved since). */
export function putPhotoMarkup(id: string, body: PutPhotoMarkupBody): Promise<Photo> {
  return callEndpoint(photoEndpoints.putMarkup, { params: { id }, body });
}

/** Saves a photo's markup; the answer replaces the photo in the viewer and in the loaded pages of the grid. */
export function usePutPhotoMarkup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PutPhotoMarkupBody }) => putPhotoMarkup(id, body),
    onSuccess: (photo) => {
      queryClient.setQueryData(photoKeys.detail(photo.id), photo);
      replacePhotosInLists(queryClient, [photo]);
    },
  });
}
