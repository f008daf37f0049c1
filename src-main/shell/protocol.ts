// Serves the built renderer from card-desk://app with the strict CSP as a response header.
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { APP_SCHEME, CONTENT_SECURITY_POLICY } from '../security/renderer-baseline';
import { contentTypeOf, resolveRendererAsset } from '../security/renderer-assets';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, stream: false },
    },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveRendererAsset(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': contentTypeOf(file),
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
