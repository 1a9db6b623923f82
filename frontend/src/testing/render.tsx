import type React from 'react';
import type { SWRConfiguration } from 'swr';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';

/** Renders a route table at a URL inside the app's providers, with a fresh SWR cache (`swr` adds to its settings). */
export function renderRoutes(table: RouteObject[], url: string, swr?: SWRConfiguration) {
  const router = createMemoryRouter(table, { initialEntries: [url] });
  const view = render(
    <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0, errorRetryCount: 0, ...swr }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** Renders the whole app at a URL. */
export function renderRoute(url: string, swr?: SWRConfiguration) {
  return renderRoutes(routes, url, swr);
}

/** Renders one component inside the providers and a router (for links). */
export function renderWithProviders(ui: React.ReactElement) {
  return renderRoutes([{ path: '*', element: ui }], '/');
}
