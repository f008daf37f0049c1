// The Electron shell applies the security policy: each test fails if its setting is removed from the shell.
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES } from '../../../src-shared/ipc/names';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN, CONTENT_SECURITY_POLICY } from '../../../src-main/security/renderer-baseline';
import { FakeBrowserWindow, FakeWebContents, electronModule, fakeSession, recorded } from './fake-electron';

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  return { ...fake.electronModule, default: fake.electronModule };
});

const { createMainWindow, lockDownWebContents } = await import('../../../src-main/shell/window');
const { hardenSession } = await import('../../../src-main/shell/session');
const { registerAppScheme, serveRenderer } = await import('../../../src-main/shell/protocol');
const { registerIpcTransport, broadcast } = await import('../../../src-main/shell/ipc-transport');

beforeEach(() => {
  FakeBrowserWindow.created = [];
  recorded.openedExternally = [];
});

describe('main window', () => {
  it('is created with context isolation, the sandbox, no node integration and web security', () => {
    const win = createMainWindow({
      preloadPath: '/app/preload/index.cjs',
      devTools: false,
    }) as unknown as FakeBrowserWindow;
    expect(win.options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      devTools: false,
      preload: '/app/preload/index.cjs',
    });
    expect(win.options).toMatchObject({ show: false });
  });

  it('has the developer tools only when the caller allows them', () => {
    const win = createMainWindow({ preloadPath: '/p.cjs', devTools: true }) as unknown as FakeBrowserWindow;
    expect(win.options.webPreferences.devTools).toBe(true);
  });

  it('refuses navigation and redirects away from the page', () => {
    const win = createMainWindow({ preloadPath: '/p.cjs', devTools: false }) as unknown as FakeBrowserWindow;
    for (const event of ['will-navigate', 'will-redirect']) {
      const e = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      win.webContents.emit(event, e, 'https://evil.example/');
      expect(e.defaultPrevented, event).toBe(true);
    }
  });

  it('denies new windows, handing only allow-listed https links to the OS browser', () => {
    const contents = new FakeWebContents();
    lockDownWebContents(contents as never);
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'https://docs.carddesk.app/keys' })).toEqual({ action: 'deny' });
    expect(recorded.openedExternally).toEqual(['https://docs.carddesk.app/keys']);
  });

  it('refuses to attach webviews', () => {
    const contents = new FakeWebContents();
    lockDownWebContents(contents as never);
    const e = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    contents.emit('will-attach-webview', e, {}, {});
    expect(e.defaultPrevented).toBe(true);
  });
});

describe('session', () => {
  it('turns the spellchecker off', () => {
    const s = fakeSession();
    hardenSession(s as never);
    expect(s.spellCheckerEnabled).toBe(false);
  });

  it('refuses every permission request and check', () => {
    const s = fakeSession();
    hardenSession(s as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      let answer: boolean | null = null;
      s.permissionRequestHandler!(null, permission, (allow) => (answer = allow));
      expect(answer, permission).toBe(false);
      expect(s.permissionCheckHandler!(null, permission), permission).toBe(false);
    }
  });
});

describe('app scheme', () => {
  it('is registered as a secure standard scheme', () => {
    registerAppScheme();
    expect(recorded.privilegedSchemes).toContainEqual(
      expect.objectContaining({
        scheme: 'card-desk',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    );
  });

  it('serves the renderer with the strict CSP and refuses paths outside it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'renderer-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
    await writeFile(path.join(dir, 'assets', 'a.js'), 'console.log(1)');
    serveRenderer(dir);
    const handler = recorded.protocolHandlers.get('card-desk')!;
    const page = await handler({ url: `${APP_ORIGIN}/index.html` });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('content-type')).toContain('text/html');
    const script = await handler({ url: `${APP_ORIGIN}/assets/a.js` });
    expect(script.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect((await handler({ url: `${APP_ORIGIN}/missing.js` })).status).toBe(404);
    expect((await handler({ url: 'card-desk://other/index.html' })).status).toBe(404);
  });
});

describe('IPC transport', () => {
  it('registers exactly the contract channels and checks each sender', async () => {
    const calls: string[] = [];
    const handlers = Object.fromEntries(
      CHANNEL_NAMES.map((c) => [c, async () => (calls.push(c), { ok: true, data: null })]),
    ) as unknown as HandlerTable;
    registerIpcTransport(createDispatcher({ handlers, allowedOrigins: [APP_ORIGIN], cancels: new CancelRegistry() }));
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    const listener = recorded.ipcHandlers.get('app.status')!;
    const topFrame = { url: `${APP_ORIGIN}/index.html`, parent: null };
    const iframe = { url: `${APP_ORIGIN}/index.html`, parent: topFrame };
    expect(await listener({ senderFrame: topFrame }, undefined)).toEqual({ ok: true, data: null });
    expect(await listener({ senderFrame: iframe }, undefined)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await listener({ senderFrame: null }, undefined)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await listener({ senderFrame: { url: 'https://evil.example/', parent: null } }, undefined)).toMatchObject({
      ok: false,
    });
    expect(calls).toEqual(['app.status']);
  });

  it('sends events to every window on event: channels', () => {
    const win = new electronModule.BrowserWindow({ webPreferences: {} });
    broadcast('app.status', { x: 1 });
    expect(win.webContents.sent).toEqual([{ channel: 'event:app.status', payload: { x: 1 } }]);
  });
});
