import { photoEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { photoKeys } from './keys';

export function deletePhoto(id: string): Promise<{ ok: true }> {
  return callEndpoint(photoEndpoints.remove, { params: { id } });
}

/** DELETE /api/photos/:id (its author or a workspace admin; others 403 with the server's reason). */
export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePhoto(id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: photoKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: photoKeys.lists() });
    },
  });
}
