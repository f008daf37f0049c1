// The list cells pages share: a two-line cell (value over a muted line) and the heading over amounts.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TwoLineCell, numericHeader } from '../../../src-renderer/components/lists/cells';

describe('list cells', () => {
  it('puts the value over a muted line, with the whole value on hover', () => {
    expect(renderToStaticMarkup(<TwoLineCell main="Shoprite" title="Shoprite" sub="Groceries · Lagos" />)).toBe(
      '<span class="cell-two"><span title="Shoprite">Shoprite</span><span class="cell-sub" title="Groceries · Lagos">Groceries · Lagos</span></span>',
    );
  });

  it('sets a card number fixed-width, and aligns amounts right', () => {
    expect(renderToStaticMarkup(<TwoLineCell mono main="•••• 1234" sub="Verve · virtual" />)).toContain(
      '<span class="mono">•••• 1234</span>',
    );
    expect(renderToStaticMarkup(<TwoLineCell numeric main="₦5,000.00" sub="fee ₦10.00" />)).toMatch(
      /^<span class="cell-two cell-num">/,
    );
    const Heading = numericHeader('Amount');
    expect(renderToStaticMarkup(<Heading />)).toBe('<span class="cell-num">Amount</span>');
  });
});
