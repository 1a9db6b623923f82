import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSearchDraft } from './use-url-search';

const empty = { region: '' };

describe('useSearchDraft', () => {
  it('follows a new search from the URL', () => {
    const { result, rerender } = renderHook(({ applied }) => useSearchDraft(applied, empty), {
      initialProps: { applied: { region: 'a' } as { region: string } | null },
    });
    expect(result.current[0]).toEqual({ region: 'a' });
    rerender({ applied: { region: 'b' } });
    expect(result.current[0]).toEqual({ region: 'b' });
    rerender({ applied: null });
    expect(result.current[0]).toBe(empty);
  });

  it('drops an edited draft when the person moves through history, even if the shown search did not change', () => {
    // Search pressed, then Back before the new search was shown: the router ends where it was,
    // so only the history move tells the form to let go of the abandoned draft.
    const applied = { region: 'a' };
    const { result } = renderHook(() => useSearchDraft(applied, empty));
    act(() => result.current[1]({ region: 'b' }));
    expect(result.current[0]).toEqual({ region: 'b' });
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(result.current[0]).toBe(applied);
  });

  it('stops listening once the form is gone', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useSearchDraft({ region: 'a' }, empty));
    unmount();
    expect(removed.mock.calls.some(([type]) => type === 'popstate')).toBe(true);
    removed.mockRestore();
  });
});
