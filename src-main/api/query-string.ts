// Query strings from the shared query types: only defined values, in a stable order.

export type QueryValue = string | number | boolean | undefined | null;

export function queryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `/cards/{id}/balance` with the id escaped, so an id can never change the path. */
export const pathWithId = (template: string, id: string): string => template.replace('{id}', encodeURIComponent(id));
