import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ScrollMemory } from './ScrollMemory';

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function start() {
  render(
    <MemoryRouter initialEntries={['/all-cases']}>
      <ScrollMemory />
      <Navigator />
    </MemoryRouter>,
  );
  const scrollTo = vi.mocked(window.scrollTo);
  scrollTo.mockClear();
  return scrollTo;
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollMemory', () => {
  it('starts a new page at its top and leaves the scroll alone when only the query changes', () => {
    const scrollTo = start();
    act(() => void navigate('/all-cases?page=2'));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void navigate('/terms'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('goes back to where the page was left', () => {
    const scrollTo = start();
    scrolledTo(640);
    act(() => void navigate('/terms'));
    scrolledTo(0);
    scrollTo.mockClear();
    act(() => void navigate(-1));
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
  });
});
