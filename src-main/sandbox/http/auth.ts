// The business API key, accepted as `Authorization: Bearer <key>` or as the bare key (docs/api.md).
import { timingSafeEqual } from 'node:crypto';

export function keyFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const bearer = /^Bearer\s+(.*)$/i.exec(value);
  return (bearer ? bearer[1]! : value).trim() || null;
}

export class KeyCheck {
  private readonly expected: Buffer;

  constructor(key: string) {
    this.expected = Buffer.from(key, 'utf8');
  }

  /** Constant-time comparison, so response timing does not reveal how much of a key was right. */
  accepts(header: string | undefined): boolean {
    const given = keyFromHeader(header);
    if (given === null) return false;
    const b = Buffer.from(given, 'utf8');
    return b.length === this.expected.length && timingSafeEqual(b, this.expected);
  }
}
