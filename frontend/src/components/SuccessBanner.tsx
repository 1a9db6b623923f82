import { type ReactNode, useEffect, useRef } from 'react';
import { Banner } from './Banner';

/** The sticky top bar's height and a little room: a banner under it is out of sight. */
const TOP_BAR_ROOM_PX = 72;

interface SuccessBannerProps {
  message: string;
  /** More after the message: what happens next, a link to it. */
  children?: ReactNode;
  /**
   * A result, announced to screen readers and brought to where the person looks when it
   * appears; false for a standing note, which stays where it is.
   */
  announce?: boolean;
  className?: string;
}

/**
 * A green banner (spec §8: successes appear in a success banner). A result (`announce`) is
 * scrolled into view and focused once, when it appears: on a phone the button just tapped is at
 * the bottom of the screen, and a success drawn above or below it would go unseen (issue 34).
 * One place for every form's success, as useFormFeedback is for its errors.
 */
export function SuccessBanner({ message, children, announce = true, className }: SuccessBannerProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const banner = ref.current;
    if (!announce || !banner) return;
    const box = banner.getBoundingClientRect();
    const outOfSight = box.top < TOP_BAR_ROOM_PX || box.bottom > window.innerHeight;
    // jsdom has no layout: scrolling is a no-op there, focus is what tests can see.
    if (outOfSight) banner.scrollIntoView?.({ block: 'center' });
    banner.focus({ preventScroll: true });
  }, [announce]);

  return (
    <Banner
      ref={ref}
      intent="success"
      role={announce ? 'status' : undefined}
      tabIndex={announce ? -1 : undefined}
      className={className}
    >
      {/* Its own element: the message reads (and is found) as one sentence before the rest. */}
      <span>{message}</span>
      {children}
    </Banner>
  );
}
