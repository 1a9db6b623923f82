import { MessageBar, MessageBarBody } from '@fluentui/react-components';

interface SuccessBannerProps {
  message: string;
  /** Announced to screen readers when it appears (a result); false for a standing note. */
  announce?: boolean;
}

/** A green banner (spec §8: successes appear in a success banner). */
export function SuccessBanner({ message, announce = true }: SuccessBannerProps) {
  return (
    <MessageBar intent="success" layout="multiline" role={announce ? 'status' : undefined}>
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}
