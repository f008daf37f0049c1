// A 400's message names the offending field: the shared schemas' messages already do ("customerId is
// required"); for the few generic ones (a metadata value, a flag of the wrong type) the path is prefixed.
import type { z } from 'zod';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function firstIssueMessage(error: z.ZodError, fallback: string): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  const names = issue.path.filter((p): p is string => typeof p === 'string');
  if (names.length === 0) return issue.message;
  const last = names[names.length - 1]!;
  if (new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(last)}($|[^A-Za-z0-9_])`).test(issue.message)) return issue.message;
  return `${issue.path.map(String).join('.')} is invalid: ${issue.message}`;
}
