// The small table of a detail view: amounts align right under their heading, ids are set fixed-width, and
// each line of the record is one row in the order given.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MiniTable } from '../../../src-renderer/components/details/MiniTable';

const fees = [
  { description: 'Issuing fee', contract: 'C-1', amount: '₦100.00' },
  { description: 'Stamp duty', contract: 'C-2', amount: '₦50.00' },
];

describe('MiniTable', () => {
  it('draws a heading row and one row a line, with amounts and ids marked for alignment and face', () => {
    const html = renderToStaticMarkup(
      <MiniTable
        columns={[
          { header: 'Fee', cell: (f) => f.description },
          { header: 'Contract', cell: (f) => f.contract, mono: true },
          { header: 'Amount', cell: (f) => f.amount, numeric: true },
        ]}
        rows={fees}
      />,
    );
    expect(html).toBe(
      '<table class="mini-table"><thead><tr><th scope="col">Fee</th><th scope="col">Contract</th>' +
        '<th scope="col" class="num">Amount</th></tr></thead><tbody>' +
        '<tr><td>Issuing fee</td><td class="mono">C-1</td><td class="num">₦100.00</td></tr>' +
        '<tr><td>Stamp duty</td><td class="mono">C-2</td><td class="num">₦50.00</td></tr></tbody></table>',
    );
  });
});
