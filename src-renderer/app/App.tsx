import { Suspense, useEffect } from 'react';
import { LoadingRows } from '../components/states/States';
import { useAppStore } from '../stores/appStore';
import { useThemeStore } from '../stores/themeStore';
import { useLockStore } from '../stores/lockStore';
import { LockScreen } from './LockScreen';
import { RestoredWrite } from '../writes/RestoredWrite';
import { CustomerSearchDialog } from './CustomerSearchDialog';
import { Nav } from './Nav';
import { PAGES, preloadPages } from './pages';
import { useRoute } from '../lib/routes';
import { ProductionBand } from './ProductionBand';
import { ProxySignInDialog } from './ProxySignInDialog';
import { StatusBar } from './StatusBar';
import { useArrowIntoResults } from './useArrowIntoResults';
import { useFirstSync } from './useFirstSync';

/** How long after start-up the other pages start loading (so they do not compete with the first one). */
const PRELOAD_AFTER_MS = 2000;

export function App(): React.JSX.Element {
  const route = useRoute();
  const refreshStatus = useAppStore((s) => s.refreshStatus);
  const listen = useAppStore((s) => s.listen);
  useEffect(() => {
    const off = listen();
    void refreshStatus();
    return off;
  }, [listen, refreshStatus]);
  const startTheme = useThemeStore((s) => s.start);
  useEffect(() => startTheme(), [startTheme]);
  const lock = useLockStore((s) => s.lock);
  const listenLock = useLockStore((s) => s.listen);
  const refreshLock = useLockStore((s) => s.refresh);
  const lockNow = useLockStore((s) => s.lockNow);
  useEffect(() => {
    const off = listenLock();
    void refreshLock();
    return off;
  }, [listenLock, refreshLock]);
  // Ctrl+L (Cmd+L) locks from anywhere.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'l') {
        e.preventDefault();
        void lockNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lockNow]);
  useArrowIntoResults();
  useFirstSync();
  // Once the first page has had time to show its data, the other pages' chunks load while the app is idle.
  useEffect(() => {
    let idle = 0;
    const timer = window.setTimeout(() => (idle = window.requestIdleCallback(preloadPages)), PRELOAD_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      window.cancelIdleCallback(idle);
    };
  }, []);
  const Page = PAGES[route.page];
  // Locked: nothing but the lock screen is mounted, so no page's data is in the window. Until main has
  // said whether it is locked (it starts locked once a passcode is chosen), no page is mounted either.
  if (lock === null) return <LoadingRows label="Starting Card Desk" />;
  if (lock.locked) return <LockScreen lock={lock} />;
  return (
    <div className="app">
      <Nav current={route.page} />
      <main className="content" id="main" tabIndex={-1}>
        <ProductionBand />
        <Suspense fallback={<LoadingRows label="Loading page" />}>
          <Page route={route} />
        </Suspense>
      </main>
      <StatusBar />
      <CustomerSearchDialog />
      {/* A write dialog open when Card Desk locked, as it was. */}
      <RestoredWrite />
      <ProxySignInDialog />
    </div>
  );
}
