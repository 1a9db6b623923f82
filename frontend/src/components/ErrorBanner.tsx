import { Banner } from './Banner';

interface ErrorBannerProps {
  message: string;
  className?: string;
}

/** A red alert banner (spec §8: errors appear in a red alert banner). */
export function ErrorBanner({ message, className }: ErrorBannerProps) {
  return (
    <Banner intent="error" role="alert" className={className}>
      {message}
    </Banner>
  );
}
