import { DOCUMENT_UPLOAD_EXTENSIONS } from '@fieldbook/contract';

/** The file picker's accept list (spec 001 §5); the server decides by the bytes, this only helps the picker. */
export const UPLOAD_ACCEPT = DOCUMENT_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');
