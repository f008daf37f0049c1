// Windows updates check Authenticode: electron-builder.yml, read and validated by electron-builder itself,
// names the publisher the NSIS updater requires (win.signtoolOptions.publisherName), and electron-builder
// computes it as the name it writes into the Windows build's app-update.yml (publishConfig.publisherName,
// which electron-updater's NsisUpdater checks every downloaded installer's signature against).
import { describe, expect, it } from 'vitest';
import { WinPackager, WindowsSignToolManager } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { REPO } from './fake-project';

describe('the Windows build', () => {
  it('names the publisher whose Authenticode signature an update must carry, and checks it', async () => {
    const config = await getConfig(REPO, null, null);
    await validateConfiguration(config, new DebugLogger(false));
    // What getAppUpdatePublishConfiguration asks before it writes publisherName into app-update.yml.
    const packager = { platformSpecificBuildOptions: config.win, info: {} };
    const force = Object.getOwnPropertyDescriptor(WinPackager.prototype, 'isForceCodeSigningVerification')!.get!;
    expect(force.call(packager)).toBe(true);
    const manager = new WindowsSignToolManager(
      packager as unknown as ConstructorParameters<typeof WindowsSignToolManager>[0],
    );
    expect(await manager.computedPublisherName.value).toEqual(['Card Desk']);
  });
});
