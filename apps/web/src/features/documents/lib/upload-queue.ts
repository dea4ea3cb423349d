import { DOCUMENT_UPLOAD_EXTENSIONS } from '@fieldbook/contract';

/** The file picker's accept list (spec 001 §5); the server decides by the bytes, this only helps the picker. */
export const UPLOAD_ACCEPT = DOCUMENT_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** One file's upload as the status area shows it. */
export type UploadItem = { key: string; name: string; size: number; state: 'pending' | 'uploading' | 'done' | 'error'; percent: number; error?: string };

export function newUploadItem(file: File, n: number): UploadItem {
  return { key: `${n}:${file.name}:${file.size}`, name: file.name, size: file.size, state: 'pending', percent: 0 };
}
