import { endpointPath, workRequestEndpoints, type WorkRequestReceipt } from '@fieldbook/contract';
import { uploadFile } from '../../../lib/uploads/upload-file';

const PhotoAnswerSchema = workRequestEndpoints.publicPhoto.response;

/**
 * A sent request's photos, one after the other, by the token its answer gave (the public form and the client hub's
 * form both end here). Answers the messages of the photos that could not be added (empty when all were).
 */
export async function uploadRequestPhotos(receipt: WorkRequestReceipt, photos: readonly File[]): Promise<string[]> {
  const failed: string[] = [];
  for (const file of photos.slice(0, receipt.max_photos)) {
    try {
      await uploadFile({ path: endpointPath(workRequestEndpoints.publicPhoto.path, { token: receipt.photo_token }), file, fileName: file.name, schema: PhotoAnswerSchema, onProgress: () => {} });
    } catch (err) {
      failed.push(`${file.name}: ${err instanceof Error ? err.message : 'could not be sent'}`);
    }
  }
  return failed;
}
