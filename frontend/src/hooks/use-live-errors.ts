import { useCallback, useState } from 'react';
import type { CheckMode } from '@/lib/form-rules';

/**
 * A form's field problems as the person types, from the form's own rules (`check`): in a field
 * not yet left, only what more typing cannot fix; once the person moved on from it (its
 * `onBlur`), everything but an empty required field, which waits for submitting. Every problem
 * shows before sending, each under its field, all at once.
 */
export function useLiveErrors<F extends string>(check: (mode: CheckMode) => Partial<Record<F, string>>) {
  const [left, setLeft] = useState<ReadonlySet<F>>(() => new Set());
  const typing = check('typing');
  const moved = check('left');
  const leave = useCallback(
    (field: F) => () => setLeft((before) => (before.has(field) ? before : new Set(before).add(field))),
    [],
  );
  return {
    /** The problem to show under `field` now, if any. */
    message: (field: F): string | undefined => (left.has(field) ? moved[field] : typing[field]),
    /** An `onBlur` for `field`'s control. */
    leave,
  };
}
