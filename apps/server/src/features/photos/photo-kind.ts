import { PHOTO_HEIC_REFUSED, PHOTO_UNSUPPORTED } from '@fieldbook/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors';
import type { FileKinds } from '../../platform/uploads';

export const PHOTO_TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export type PhotoKind = keyof typeof PHOTO_TYPES;

/** The kind stored under a content type (the thumbnail job reads it back from the row). */
export function photoKindOf(contentType: string): PhotoKind | null {
  return (Object.keys(PHOTO_TYPES) as PhotoKind[]).find((k) => PHOTO_TYPES[k] === contentType) ?? null;
}

/**
 * What a photo upload accepts, from its first bytes (never the name or the client's type): JPEG, PNG, WebP — the
 * kinds the thumbnail child decodes (@napi-rs/canvas). HEIC/HEIF gets its own answer: no bounded decoder for it here.
 */
export const photoKinds: FileKinds<PhotoKind> = {
  headBytes: 4100,
  recognise: async (head) => {
    const ext = (await fileTypeFromBuffer(head))?.ext;
    if (ext === 'heic' || ext === 'avif') throw new AppError('UNSUPPORTED_MEDIA_TYPE', ext === 'heic' ? PHOTO_HEIC_REFUSED : PHOTO_UNSUPPORTED);
    return ext === 'jpg' || ext === 'png' || ext === 'webp' ? ext : null;
  },
  types: PHOTO_TYPES,
  unsupported: PHOTO_UNSUPPORTED,
};
