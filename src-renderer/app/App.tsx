import { Suspense, useEffect } from 'react';
import { LoadingRows } from '../components/States';
import { useAppStore } from '../stores/appStore';
import { CustomerSearchDialog } from './CustomerSearchDialog';
import { Nav } from './Nav';
import { PAGES, preloadPages } from './pages';
import { useRoute } from './routes';
import { StatusBar } from './StatusBar';
import { useArrowIntoResults } from './useArrowIntoResults';

export function App(): React.JSX.Element {
  const route = useRoute();
  const refreshStatus = useAppStore((s) => s.refreshStatus);
  const listen = useAppStore((s) => s.listen);
  useEffect(() => {
    const off = listen();
    void refreshStatus();
    return off;
  }, [listen, refreshStatus]);
  useArrowIntoResults();
  // Once the first page is up and the browser is idle, the other pages' chunks load in the background.
  useEffect(() => {
    const idle = window.requestIdleCallback(preloadPages, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  const Page = PAGES[route.page];
  return (
    <div className="app">
      <Nav current={route.page} />
      <main className="content" id="main" tabIndex={-1}>
        <Suspense fallback={<LoadingRows label="Loading page" />}>
          <Page route={route} />
        </Suspense>
      </main>
      <StatusBar />
      <CustomerSearchDialog />
    </div>
  );
}
