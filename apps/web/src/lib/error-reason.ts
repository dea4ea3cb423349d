/** The {reason} of spec 002 §8 messages ('Failed to … : {reason}'): the error's own message. */
export function errorReason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}
