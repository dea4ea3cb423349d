/**
 * The PNG child (started by png.ts through runInChild, one per image): decodes the image from stdin within its bounds
 * and answers a clean copy of it (clean-png.ts).
 */
import { cleanPng, type PngBounds } from './clean-png';
import { serveInChild } from './serve-in-child';

serveInChild<PngBounds, ReturnType<typeof cleanPng>>(async (bounds, bytes) => cleanPng(bytes, bounds));
