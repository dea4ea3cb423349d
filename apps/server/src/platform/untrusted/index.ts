/**
 * The one home for reading files anyone may send (documents, signatures, photos): nothing untrusted is decoded in the
 * server's own process. runInChild runs a reader in a child process with time, heap and memory limits (the child's
 * entry file calls serveInChild, from child.ts, this folder's entry for code that runs in the child); image sizes are
 * read from headers before anything decodes; readPng decodes a PNG there and answers a clean copy written by us.
 */
export { CHILD_STOPPED, ChildFailed, ProcessingStopped, type ChildLimits } from './limits';
export { childGate, runInChild, type ChildEntry } from './run-in-child';
export { imageSize } from './image-size';
export { ImageTooLarge, PNG_CHILD_LIMITS, readPng, UnreadableImage, type ReadPng } from './png';
export type { PngBounds } from './clean-png';
