// Checks that what the page shows fits the window's width: nothing scrolls sideways, no element reaches past
// the window's right edge (as far as it is not clipped by a box that fits), no table column is cut off by its
// table, and each item of the status bar is whole on one line, the environment's badge among them.
import type { Page } from 'playwright-core';

/** Everything that does not fit `page`'s window, as readable lines; empty when all fits. */
export async function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const name = (el: Element): string => {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.getAttribute('role');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${cls}${label ? ` "${label}"` : ''}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${name(el)} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
      // The part of the element not clipped by an ancestor.
      let right = box.right;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
      }
      if (right > width + 0.5) problems.push(`${name(el)} reaches ${Math.round(right)} px, past the window's ${width}`);
    }
    for (const table of document.querySelectorAll('[role="table"]')) {
      const edge = table.getBoundingClientRect().right;
      // Rows share the header's grid: a header that fits means its column fits.
      for (const cell of table.querySelectorAll('[role="columnheader"]')) {
        const r = cell.getBoundingClientRect();
        if (r.width > 0 && r.right > edge + 0.5)
          problems.push(
            `${name(cell)} is cut off by its table ${name(table).slice(0, 60)}: ${Math.round(r.right)} > ${Math.round(edge)}`,
          );
      }
    }
    const bar = document.querySelector('.status-bar');
    if (bar) {
      // The bar may wrap onto a second line, but each item stays whole on one line (a notice may wrap
      // inside the bar's width), and the environment with its badge is always shown.
      for (const part of bar.children) {
        const r = part.getBoundingClientRect();
        if (r.height === 0 || part.classList.contains('notice')) continue;
        if (r.height > 26) problems.push(`the status bar's ${name(part)} wraps: ${Math.round(r.height)} px high`);
      }
      const badge = bar.querySelector('[data-testid="environment-badge"]')?.getBoundingClientRect();
      if (!badge || badge.width === 0) problems.push("the status bar does not show the environment's badge");
      if (bar.getBoundingClientRect().bottom > document.documentElement.clientHeight + 0.5)
        problems.push('the status bar reaches below the window');
    }
    // Past a few, more lines of the same kind say nothing new.
    return problems.length > 12 ? [...problems.slice(0, 12), `… and ${problems.length - 12} more`] : problems;
  });
}

/**
 * Text cut short where the operator reads facts: in a table's cells and headers (`role` cell, gridcell,
 * columnheader, or td/th) and in the status bar. An element that clips (overflow other than visible, or an
 * ellipsis) and holds more than it shows, sideways or downwards, is cut. A card number's start may give way
 * by design (`.pan-head`: the last four stay whole), so it alone is not counted. With `names`, a flexible
 * column's text (a cardholder's, customer's or merchant's name) counts too, even with its whole text on hover;
 * only prose (an explanation, marked `data-free-text`) and a two-line cell's second line may then give way.
 */
export async function clippedText(page: Page, options: { names?: boolean } = {}): Promise<string[]> {
  return page.evaluate((strict) => {
    const problems: string[] = [];
    const describe = (el: Element): string => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
      return `<${el.tagName.toLowerCase()}${cls}> "${text}"`;
    };
    const scopes = [
      ...document.querySelectorAll(
        '[role="cell"], [role="gridcell"], [role="columnheader"], td, th, .status-bar, .status-bar *',
      ),
    ];
    const seen = new Set<Element>();
    for (const scope of scopes) {
      for (const el of [scope, ...scope.querySelectorAll('*')]) {
        if (seen.has(el) || el.closest('.pan-head')) continue;
        seen.add(el);
        if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
        if (!(el.textContent ?? '').trim()) continue;
        const style = getComputedStyle(el);
        const clips =
          style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis';
        if (!clips) continue;
        // A scrolling box shows the rest on scrolling: only boxes that hide it count.
        if (['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY)) continue;
        const wide = el.scrollWidth > el.clientWidth + 1;
        const tall = el.scrollHeight > el.clientHeight + 2;
        // A flexible column's free text (a name, an explanation) may give way when its whole text is one
        // hover away; dates, amounts, card numbers, statuses, headers and the status bar never.
        const cell = el.closest('[data-fit="flex"]');
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ');
        const titled = (e: Element | null) => (e?.getAttribute('title') ?? '').replace(/\s+/g, ' ').includes(text);
        // Checking names, only prose (`data-free-text`) and a two-line cell's second line may give way.
        const prose =
          !!el.closest('[data-free-text], .cell-sub') ||
          (el.querySelector('[data-free-text]')?.textContent ?? '').trim().replace(/\s+/g, ' ') === text;
        if (cell && (!strict || prose) && !el.closest('[role="columnheader"]')) {
          let within = false;
          for (let a: Element | null = el; a && !within; a = a === cell ? null : a.parentElement) within = titled(a);
          if (within || [...el.querySelectorAll('[title]')].some((d) => titled(d))) continue;
        }
        if (wide || tall)
          problems.push(
            `${describe(el)} is cut ${wide ? `sideways (${el.scrollWidth} > ${el.clientWidth})` : `below (${el.scrollHeight} > ${el.clientHeight})`}`,
          );
      }
    }
    return problems.length > 12 ? [...problems.slice(0, 12), `… and ${problems.length - 12} more`] : problems;
  }, options.names ?? false);
}
