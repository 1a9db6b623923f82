import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What a submit that did not go through must show on a phone: the first field marked invalid,
 * scrolled to the middle of the screen (clear of the sticky top bar) and focused, so the
 * keyboard opens on it and a screen reader reads its message; when no field is marked (a server
 * failure), the form's banner instead. One place for every form: wrap the submit handler in
 * `revealAfter`, or call `reveal()` after setting the errors; the hook acts once React has drawn them.
 */
export function useFormFeedback<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const [request, setRequest] = useState(0);

  useEffect(() => {
    if (request === 0 || !formRef.current) return;
    const form = formRef.current;
    const target =
      // A field, or a group of choices (which may not carry aria-invalid: see ChipGroup).
      form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]') ??
      form.querySelector<HTMLElement>('[role="alert"], [role="status"]');
    if (!target) return;
    if (!target.matches('input, select, textarea, button, [tabindex]')) target.tabIndex = -1;
    // jsdom has no layout: scrolling is a no-op there, focus is what tests can see.
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [request]);

  const reveal = useCallback(() => setRequest((n) => n + 1), []);
  /** A submit handler that reveals whatever its submit left to see, when it is done. */
  const revealAfter = useCallback(
    <E>(submit: (event: E) => Promise<void>) =>
      (event: E) => {
        void submit(event).then(reveal);
      },
    [reveal],
  );
  return { formRef, reveal, revealAfter };
}
