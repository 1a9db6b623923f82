import { BrowserRouter } from 'react-router';
import type { SWRConfiguration } from 'swr';
import { AppProviders } from './providers';
import { routerBasename } from '@/i18n/language';
import { AppRoutes } from './router';

/** `swr` adds to the app's SWR settings: main.tsx passes a cache holding the server's first-screen answers. */
export function App({ swr }: { swr?: SWRConfiguration }) {
  return (
    <AppProviders swr={swr}>
      <BrowserRouter basename={routerBasename()}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
