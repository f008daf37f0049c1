// Where the cache worker is loaded from: beside the main bundle, and in the packaged app outside the
// asar archive (app.asar.unpacked), since a worker thread cannot load its code from inside the archive.
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import {
  builtWorkerLocation,
  defaultWorkerLocation,
  unpackedPath,
} from '../../../src-main/cache/threads/worker-location';

describe('unpackedPath', () => {
  it('moves a file inside app.asar to the same place in app.asar.unpacked', () => {
    expect(unpackedPath('/opt/Card Desk/resources/app.asar/out/main/cache-worker.js', '/')).toBe(
      '/opt/Card Desk/resources/app.asar.unpacked/out/main/cache-worker.js',
    );
  });

  it('handles Windows paths with backslashes', () => {
    expect(unpackedPath('C:\\Program Files\\Card Desk\\resources\\app.asar\\out\\main\\cache-worker.js', '\\')).toBe(
      'C:\\Program Files\\Card Desk\\resources\\app.asar.unpacked\\out\\main\\cache-worker.js',
    );
  });

  it('leaves paths outside an archive as they are, including look-alike names', () => {
    for (const path of [
      '/opt/card-desk/out/main/cache-worker.js',
      '/srv/app.asar.unpacked/out/main/cache-worker.js',
      '/srv/my-app.asar/out/main/cache-worker.js',
      '/srv/app.asar',
    ]) {
      expect(unpackedPath(path, '/')).toBe(path);
    }
  });

  it('rewrites the archive nearest the file when a folder above it has the same name', () => {
    expect(unpackedPath('/opt/a/app.asar/build/resources/app.asar/out/main/w.js', '/')).toBe(
      '/opt/a/app.asar/build/resources/app.asar.unpacked/out/main/w.js',
    );
  });
});

describe('the built worker', () => {
  it('is cache-worker.js beside the bundle, run without tsx', () => {
    const location = builtWorkerLocation('/opt/card-desk/out/main');
    expect(location).toEqual({ url: pathToFileURL('/opt/card-desk/out/main/cache-worker.js'), execArgv: [] });
  });

  it('in the packaged app is loaded from app.asar.unpacked', () => {
    const location = builtWorkerLocation('/opt/Card Desk/resources/app.asar/out/main');
    expect(location.url).toEqual(pathToFileURL('/opt/Card Desk/resources/app.asar.unpacked/out/main/cache-worker.js'));
  });

  it('is found the same way when the location is worked out from the bundle itself', () => {
    const bundle = pathToFileURL('/opt/Card Desk/resources/app.asar/out/main/index.js').href;
    expect(defaultWorkerLocation(bundle).url).toEqual(
      pathToFileURL('/opt/Card Desk/resources/app.asar.unpacked/out/main/cache-worker.js'),
    );
  });

  it('from sources is worker.ts, run through tsx', () => {
    const location = defaultWorkerLocation(
      pathToFileURL('/opt/card-desk/src-main/cache/threads/worker-location.ts').href,
    );
    expect(location).toEqual({
      url: pathToFileURL('/opt/card-desk/src-main/cache/threads/worker.ts'),
      execArgv: ['--import', 'tsx'],
    });
  });
});
