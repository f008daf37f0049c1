// Email search on a cache whose newest rows are not in customer_emails yet (customer-reader.ts): the
// index's matches and those of the rows after it, in the order the index alone would give.

/** The highest code point: `prefix + MAX_CHAR` is above every string that starts with `prefix`. */
export const MAX_CHAR = '\u{10FFFF}';

/**
 * An email matcher over customer_emails and the rows after `through` that it does not hold yet (at most a
 * chunk, EMAIL_CHUNK, read by their seq), in email order as the index alone would give.
 */
export function emailWithTailSql(
  m: { exact: boolean; value: string },
  through: number,
): { sql: string; params: (string | number)[] } {
  const where = m.exact ? 'email = ?' : 'email >= ? AND email < ?';
  const values = m.exact ? [m.value] : [m.value, m.value + MAX_CHAR];
  return {
    sql:
      `SELECT seq FROM (SELECT email, seq FROM customer_emails WHERE ${where} UNION ALL ` +
      `SELECT email, seq FROM customers WHERE seq > ? AND ${where}) ORDER BY email, seq`,
    params: [...values, through, ...values],
  };
}
