/**
 * A controllable window.matchMedia for jsdom (which has none): min-width / max-width queries
 * are answered from a simulated viewport width, and listeners fire when it changes.
 */
let width = 1280;
const lists = new Set<{ query: string; list: MediaQueryList; listeners: Set<(e: MediaQueryListEvent) => void> }>();

function evaluate(query: string): boolean {
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (min && width < Number(min[1])) return false;
  if (max && width > Number(max[1])) return false;
  return Boolean(min || max);
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<(e: MediaQueryListEvent) => void>();
    const list = {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      addListener: (l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeListener: (l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    lists.add({ query, list, listeners });
    return list;
  };
}

export function setViewportWidth(next: number): void {
  width = next;
  for (const { query, listeners } of lists) {
    for (const listener of listeners) listener({ matches: evaluate(query), media: query } as MediaQueryListEvent);
  }
}
