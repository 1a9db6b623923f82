import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { SWRConfiguration } from 'swr';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** `swr` adds to the app's SWR settings: main.tsx passes a cache holding the server's first-screen answers. */
export function App({ swr }: { swr?: SWRConfiguration }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders swr={swr}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
