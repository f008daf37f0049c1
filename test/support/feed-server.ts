// A generic update feed on 127.0.0.1, as a web server holding electron-builder's output would serve it:
// latest-linux.yml naming the .deb with its SHA-512 and size, the .deb, and its release signature
// (`<file>.sig`, written by `npm run release:sign`). A test sets what it offers, lets the hash be wrong,
// serves no signature or another, or shuts it down; it records the paths requested.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface FeedOffer {
  version: string;
  /** The file's bytes as served. */
  body: Buffer;
  /** The bytes whose SHA-512 the feed names (default: body, i.e. a correct feed). */
  hashedBody?: Buffer;
  /** The text served as `<file>.sig`; none (404) when absent. */
  signature?: string;
}

export interface FeedServer {
  url: string;
  requested: string[];
  offer(offer: FeedOffer): void;
  close(): Promise<void>;
}

export const fileName = (version: string): string => `card-desk_${version}_amd64.deb`;

export function latestLinuxYml({ version, body, hashedBody }: FeedOffer): string {
  const sha512 = createHash('sha512')
    .update(hashedBody ?? body)
    .digest('base64');
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${fileName(version)}`,
    `    sha512: ${sha512}`,
    `    size: ${body.length}`,
    `path: ${fileName(version)}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-26T06:00:00.000Z'`,
    '',
  ].join('\n');
}

export async function startFeedServer(): Promise<FeedServer> {
  let current: FeedOffer | null = null;
  const requested: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    requested.push(path);
    if (current && path === '/feed/latest-linux.yml') {
      res.writeHead(200, { 'Content-Type': 'text/yaml' }).end(latestLinuxYml(current));
    } else if (current && path === `/feed/${fileName(current.version)}`) {
      res.writeHead(200, {
        'Content-Type': 'application/vnd.debian.binary-package',
        'Content-Length': current.body.length,
      });
      res.end(current.body);
    } else if (current?.signature !== undefined && path === `/feed/${fileName(current.version)}.sig`) {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(current.signature);
    } else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/feed`,
    requested,
    offer: (offer) => void (current = offer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
