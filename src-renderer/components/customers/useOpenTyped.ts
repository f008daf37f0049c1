// Enter in a search box opens what the box says, not what an older answer shows: the Ctrl+K search and the
// customer picker both take it from here.
import { type RefObject, useState } from 'react';

export interface OpenTyped<O> {
  /** The box's input: its value is read at Enter, ahead of a state update still on its way. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** The text in the box as last rendered. */
  query: string;
  /** The text the shown options answer, or null when none are shown. */
  answered: string | null;
  options: readonly O[];
  active: number;
  /** Opens (or chooses) an option. */
  open: (option: O) => void;
  /** The first option for `text` once its search has answered; undefined when there is none. */
  firstFor: (text: string) => Promise<O | undefined>;
}

/**
 * Enter: the active option when the shown list answers the text in the box; otherwise the first answer for
 * that text, waited for. `opening` is the text being waited for. A failed search opens nothing: the live
 * search shows why it failed.
 */
export function useOpenTyped<O>(props: OpenTyped<O>): { openTyped: () => Promise<void>; opening: string | null } {
  const { inputRef, query, answered, options, active, open, firstFor } = props;
  const [opening, setOpening] = useState<string | null>(null);
  const openTyped = async () => {
    const text = (inputRef.current?.value ?? query).trim();
    if (!text) return;
    const shown = options[active];
    if (answered === text && shown) {
      open(shown);
      return;
    }
    setOpening(text);
    try {
      const first = await firstFor(text);
      if (first) open(first);
    } catch {
      // The live search shows why it failed.
    } finally {
      setOpening(null);
    }
  };
  return { openTyped, opening };
}
