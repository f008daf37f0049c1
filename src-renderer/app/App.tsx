import { useEffect } from 'react';
import { useAppStore } from '../stores/appStore';
import { CustomerSearchDialog } from './CustomerSearchDialog';
import { Nav } from './Nav';
import { PAGES } from './pages';
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
  const Page = PAGES[route.page];
  return (
    <div className="app">
      <Nav current={route.page} />
      <main className="content" id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
      <StatusBar />
      <CustomerSearchDialog />
    </div>
  );
}
