// The search box of a list's toolbar: named by its label, widening into the toolbar, and kept free of the
// browser's autofill and spelling marks (names and ids are typed there).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToolbarSearch } from '../../../src-renderer/components/fields/ToolbarSearch';

describe('ToolbarSearch', () => {
  it('labels a search input with the text given, without autofill or spell checking', () => {
    const html = renderToStaticMarkup(
      <ToolbarSearch label="Filter cards" value="1234" onChange={() => {}} placeholder="Last four digits" />,
    );
    expect(html).toBe(
      '<label class="grow">Filter cards<input type="search" placeholder="Last four digits" autoComplete="off" ' +
        'spellCheck="false" value="1234"/></label>',
    );
  });
});
