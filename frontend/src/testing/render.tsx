import type React from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';

/** Renders the whole app at a URL, with a fresh SWR cache. */
export function renderRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0, errorRetryCount: 0 }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** Renders one component inside the providers and a router (for links). */
export function renderWithProviders(ui: React.ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  return render(
    <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0, errorRetryCount: 0 }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
