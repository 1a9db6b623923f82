import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds down to zero, then stops', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(60));
    expect(result.current).toMatchObject({ remaining: 60, running: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(59);
    for (let i = 0; i < 59; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
  });

  it('stops at once on reset', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => result.current.reset());
    expect(result.current.running).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(0);
  });
});
