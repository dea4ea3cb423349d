/**
 * platform/untrusted's entry for a child program (a file runInChild starts): what runs inside the child. The server's
 * side is index.ts; this one keeps the child's bundle free of the server's code.
 */
export { ProcessingStopped } from './limits';
export { serveInChild } from './serve-in-child';
export { imageSize } from './image-size';
