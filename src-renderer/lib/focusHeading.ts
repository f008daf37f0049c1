// After opening a record (from Ctrl+K, a link), focus goes to the record page's heading once it shows:
// the keyboard and the screen reader start on the record, not in the navigation.

/** Waits up to `timeoutMs` for the page's first heading and focuses it. */
export function focusPageHeading(timeoutMs = 5000): void {
  const started = performance.now();
  const previous = document.querySelector('main h1');
  const tick = () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    // A new page replaces the heading; a page still loading shows none, or the old one.
    if (heading && heading !== previous && heading.isConnected) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return;
    }
    if (performance.now() - started < timeoutMs) window.requestAnimationFrame(tick);
  };
  window.requestAnimationFrame(tick);
}

/** Focuses the heading of the page shown now (after what had focus went away, such as a dismissed panel). */
export function focusCurrentHeading(selector = 'main h1'): void {
  const heading = document.querySelector<HTMLElement>(selector);
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
