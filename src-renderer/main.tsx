import './zod-setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
