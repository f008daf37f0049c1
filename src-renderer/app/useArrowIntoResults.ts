// Arrow-Down in a page's search box moves into what it found: the first list of results after the box
// (a table's rows, a listbox) takes the focus, where the arrows go on from row to row.
import { useEffect } from 'react';

const RESULTS = '[role="rowgroup"][tabindex="0"], [role="listbox"][tabindex="0"], [data-search-results][tabindex]';

/** The first focusable list of results that follows `box` in the page. */
function resultsAfter(box: HTMLElement): HTMLElement | null {
  const scope = box.closest('main, [role="dialog"]') ?? document.body;
  for (const el of scope.querySelectorAll<HTMLElement>(RESULTS)) {
    if (box.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING && el.offsetParent !== null) return el;
  }
  return null;
}

export function useArrowIntoResults(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowDown' || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const box = e.target;
      // Comboboxes move through their own options.
      if (!(box instanceof HTMLInputElement) || box.type !== 'search' || box.getAttribute('role') === 'combobox')
        return;
      const results = resultsAfter(box);
      if (!results) return;
      e.preventDefault();
      results.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
