import type { z } from 'zod';
import { inOperatorWords } from '../../../src-shared/api/field-words';

/** The first message per top-level field of a failed parse, in the operator's words; empty when valid. */
export function fieldProblems<S extends z.ZodType>(schema: S, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = inOperatorWords(field, issue.message);
  }
  return out;
}
