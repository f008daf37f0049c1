// electron-updater's own Debian updater (DebUpdater) as the app runs it, with only what Electron provides
// replaced: the app (an AppAdapter with this version and temporary folders) and the network (Node's HTTP
// instead of Electron's net, through electron-updater's own HttpExecutor). For the update tests, the
// integration ones and the browser's.
import { writeFileSync } from 'node:fs';
import { get, request, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { join } from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { DebUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';

export const CACHE_DIR_NAME = 'card-desk-updater';

/** The bytes of a stand-in package for a feed to offer. */
export const debBytes = (label: string): Buffer => Buffer.from(`!<arch>\nstand-in package ${label}\n`.repeat(2000));

/**
 * electron-updater's HTTP executor over Node's http, in place of Electron's net: `download` is
 * ElectronHttpExecutor's own (builder-util-runtime's doDownload, which streams to the file and checks the
 * SHA-512), and requests go through Node's http.request instead of electron.net.request.
 */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/** The app as electron-updater sees it: this version, installed, with the app-update.yml the build writes. */
function appAdapter(feedUrl: string, scratch: string, version: string): AppAdapter {
  const config = join(scratch, 'app-update.yml');
  writeFileSync(config, `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: ${CACHE_DIR_NAME}\n`);
  return {
    version,
    name: 'Card Desk',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: join(scratch, 'userData'),
    baseCachePath: join(scratch, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  };
}

/** DebUpdater for this version reading `feedUrl`, keeping its files under `folder`. */
export function localDebUpdater(options: { feedUrl: string; folder: string; version: string }): DebUpdater {
  const updater = new DebUpdater(null, appAdapter(options.feedUrl, options.folder, options.version));
  Object.assign(updater, { httpExecutor: new NodeHttpExecutor() });
  return updater;
}

/** The engine's `fetchText` over Node's http (the app uses Chromium's net.fetch): null for a 404. */
export function nodeFetchText(url: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        if (res.statusCode === 404) resolve(null);
        else if (res.statusCode !== 200) reject(new Error(`the update feed answered ${res.statusCode} for ${url}`));
        else resolve(text);
      });
    }).on('error', reject);
  });
}
