import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * Props for a real `<a href>` that navigates inside the SPA on a plain left click and keeps
 * the browser's behaviour for new-tab clicks (ctrl, cmd, shift, middle button).
 */
export function useLinkNavigation(to: string) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    void navigate(to);
  };
  return { href, onClick };
}
