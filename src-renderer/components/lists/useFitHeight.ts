// How tall a table's body may be to reach down to the foot of the window (less room for the pager and the
// status bar below it): a tall window shows more rows instead of a blank band, a short one fewer.
import { useEffect, useState } from 'react';

/** Room kept under a table's body: its pager or footer row and the status bar. */
const BELOW = 110;
/** Never fewer than this, however short the window: the page scrolls instead. */
const LEAST = 240;

export function useFitHeight(ref: React.RefObject<HTMLElement | null>, fallback: number): number {
  const [height, setHeight] = useState(fallback);
  useEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      // Measured against the page as scrolled to its top, so scrolling does not change the table.
      const scroller = el.closest('.content');
      const offset = top + (scroller ? scroller.scrollTop : 0);
      setHeight(Math.max(LEAST, Math.round(window.innerHeight - offset - BELOW)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}
