// Form errors from the shared request schemas, said in the operator's words (see field-words.ts).
import { inOperatorWords } from '../../src-shared/api/field-words';

type FieldErrors = Record<string, unknown>;

/** Every message of a (nested) react-hook-form error tree in the operator's words. */
export function inWords<T extends FieldErrors>(errors: T, path = ''): T {
  const out: FieldErrors = Array.isArray(errors) ? ([...errors] as unknown as FieldErrors) : { ...errors };
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const at = path ? `${path}.${key}` : key;
    const e = value as { message?: unknown };
    out[key] =
      typeof e.message === 'string'
        ? { ...e, message: inOperatorWords(at, e.message) }
        : inWords(value as FieldErrors, at);
  }
  return out as T;
}
