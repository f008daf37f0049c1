// One way to turn whatever was thrown into text for a log line or an error result.

/** The message of an Error, the string itself, or a short description of anything else thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  switch (typeof error) {
    case 'string':
      return error;
    case 'object': {
      const message = (error as { message?: unknown } | null)?.message;
      return typeof message === 'string' ? message : error === null ? 'null' : Object.prototype.toString.call(error);
    }
    case 'function':
      return 'a function';
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'symbol':
      return String(error);
  }
}

/** The thrown value as an Error (kept when it already is one). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(errorMessage(error));
}
