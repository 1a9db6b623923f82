import type { ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '@/api/api-error';
import { SessionProvider } from '@/session/session';
import { tutorhubTheme } from './theme';

/** Client errors are answers, not glitches: retrying them only repeats the failure. */
function shouldRetry(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  keepPreviousData: true,
  errorRetryCount: 2,
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (!shouldRetry(error) || retryCount >= (config.errorRetryCount ?? 2)) return;
    setTimeout(() => void revalidate({ retryCount }), 1000 * 2 ** retryCount);
  },
};

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass `{ provider: () => new Map(), dedupingInterval: 0 }` for an isolated cache. */
  swr?: SWRConfiguration;
}

export function AppProviders({ children, swr }: AppProvidersProps) {
  return (
    <FluentProvider theme={tutorhubTheme}>
      <SWRConfig value={{ ...swrConfig, ...swr }}>
        <SessionProvider>{children}</SessionProvider>
      </SWRConfig>
    </FluentProvider>
  );
}
