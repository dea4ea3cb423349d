import { fileTypeFromBuffer } from 'file-type';
import type { FileKinds } from '../../platform/uploads';

/** Audio a phone recorder or a browser writes, as recognised from its bytes, with the type it is served with. */
export const AUDIO_KINDS = {
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/webm',
  amr: 'audio/amr',
  '3gp': 'audio/3gpp',
} as const;
export type AudioKind = keyof typeof AUDIO_KINDS;

export const UNSUPPORTED_AUDIO_MESSAGE = 'Unsupported file type: upload a call recording (m4a, mp3, wav, ogg/opus, webm, amr or 3gp audio)';

/** Recognises audio by its first bytes; null for anything else. */
export async function recogniseAudio(head: Buffer): Promise<AudioKind | null> {
  const ext = (await fileTypeFromBuffer(head))?.ext as string | undefined;
  // file-type names an MP4 container with only sound m4a, and one with video mp4; both are accepted as audio
  // (phones write either), and a browser's MediaRecorder writes webm.
  return ext && ext in AUDIO_KINDS ? (ext as AudioKind) : ext === 'm4b' ? 'm4a' : ext === '3g2' ? '3gp' : null;
}

/** The recordings upload's kinds, for the upload path (platform/uploads). */
export const audioKinds: FileKinds<AudioKind> = { headBytes: 64 * 1024, recognise: recogniseAudio, types: AUDIO_KINDS, unsupported: UNSUPPORTED_AUDIO_MESSAGE };
