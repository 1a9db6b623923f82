import { MessageBar, MessageBarBody } from '@fluentui/react-components';

interface ErrorBannerProps {
  message: string;
  className?: string;
}

/** A red alert banner (spec §8: errors appear in a red alert banner). */
export function ErrorBanner({ message, className }: ErrorBannerProps) {
  return (
    <MessageBar intent="error" layout="multiline" role="alert" className={className}>
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}
