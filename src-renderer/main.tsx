import './zod-setup';
import { QueryClient, QueryClientProvider, notifyManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadPage } from './app/pages';
import { parseHash } from './lib/routes';
import { resolvedTheme, storedThemeChoice } from './lib/theme';
import './styles.css';
import './theme-palette.css';
import './theme.css';

// Drawn in the operator's theme from the first frame (the app then follows the system when asked to).
document.documentElement.setAttribute('data-theme', resolvedTheme(storedThemeChoice()));
// The page the window opens on starts loading now, beside React's first render.
loadPage(parseHash(window.location.hash).page);

// An answer reaches the page's components in the task that received it (a microtask) rather than a
// timer's task later: Chromium may draw a frame before that timer runs, and the answer then waits a
// frame more to be shown (keystroke to results painted, docs/benchmarks.md).
notifyManager.setScheduler(queueMicrotask);

const queryClient = new QueryClient({
  defaultOptions: {
    // Main already retries GETs with backoff; the page does not retry again on top.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
