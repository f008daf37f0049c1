// The error state's Retry: offered while nothing runs, and shown busy (disabled, "Retrying…") while a retry's
// round is under way, so one click never sends a second request on top of the first.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorState } from '../../../src-renderer/components/states/States';
import type { AppError } from '../../../src-shared/ipc/result';

const error: AppError = { kind: 'server', message: 'Service unavailable (HTTP 503)' };

function button(markup: string): string {
  const found = /<button[^>]*>[^<]*<\/button>/.exec(markup);
  expect(found, markup).not.toBeNull();
  return found![0];
}

describe('ErrorState', () => {
  it('offers Retry when no retry is under way', () => {
    const b = button(renderToStaticMarkup(<ErrorState error={error} onRetry={() => {}} />));
    expect(b).toContain('>Retry<');
    expect(b).not.toContain('disabled');
  });

  it('shows the retry under way and takes no second click', () => {
    const b = button(renderToStaticMarkup(<ErrorState error={error} onRetry={() => {}} retrying />));
    expect(b).toContain('>Retrying…<');
    expect(b).toContain('disabled=""');
    expect(b).toContain('aria-busy="true"');
  });
});
