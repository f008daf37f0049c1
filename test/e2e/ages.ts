// What a screen may say of a moment's age ("less than a minute ago", "2 minutes ago") when it was worked
// out some time between two instants: on a loaded machine more than a minute can pass between an action
// and the check of what it shows, so a test accepts every wording of that span, not only the quick one.
import { agoText } from '../../src-renderer/components/customers/cacheAge';

/** Every wording `agoText` gives for an age between `fromMs` and `toMs` (both ms since `at`). */
export function agesBetween(fromMs: number, toMs: number): string[] {
  const ages = new Set<string>();
  for (let age = Math.max(0, fromMs); age < toMs; age += 30_000) ages.add(agoText(age));
  ages.add(agoText(Math.max(0, toMs)));
  return [...ages];
}
