// The customer column as it may be kept and shown later: an id as given, an email or a phone number or
// BVN/NIN with most of it hidden, so no batch record holds a customer's identity data in plain form.
import { OBJECT_ID } from '../../src-shared/api/rules';
import { normalizeId } from '../../src-shared/api/input-rules';

export function maskCustomerText(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  if (OBJECT_ID.test(normalizeId(t))) return normalizeId(t);
  const at = t.indexOf('@');
  if (at > 0) return `${t[0]}${'*'.repeat(Math.max(1, at - 1))}${t.slice(at)}`;
  const digits = t.replace(/\D/g, '');
  if (digits.length >= 4) return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
  return '*'.repeat(t.length);
}
