import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { SWRConfiguration } from 'swr';
import { AppProviders } from './providers';
import { routerBasename } from '@/i18n/language';
import { AppRoutes } from './router';

/** A router of the declarative kind, as App uses it. */
export type AppRouter = ComponentType<{ basename?: string; children: ReactNode }>;

interface AppProps {
  /** Adds to the app's SWR settings: main.tsx passes a cache holding the server's first-screen answers. */
  swr?: SWRConfiguration;
  /**
   * The browser's address by default. The build prerenders the data-free pages with a router at
   * one path instead, and nothing else different, so that the browser can hydrate that HTML
   * (first-screen/prerender.tsx, first-screen/take-over.tsx).
   */
  Router?: AppRouter;
}

export function App({ swr, Router = BrowserRouter }: AppProps) {
  return (
    <AppProviders swr={swr}>
      <Router basename={routerBasename()}>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
