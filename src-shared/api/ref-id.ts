// A reference the API sends as an id or as the record: both layers read it the same way.
/** The id of a reference the API sends either as a string id or as the embedded record itself. */
export const refId = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { _id?: unknown })._id === 'string'
      ? (v as { _id: string })._id
      : undefined;
