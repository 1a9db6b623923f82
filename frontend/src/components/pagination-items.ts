export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page buttons to show: always the first and last page, `siblings` pages either side of
 * the current one, and a gap where pages are left out.
 * pageItems(6, 20, 1) -> 1 … 5 6 7 … 20
 */
export function pageItems(current: number, pageCount: number, siblings = 1): PageItem[] {
  if (pageCount <= 0) return [];
  const pages = new Set<number>([1, pageCount]);
  for (let p = current - siblings; p <= current + siblings; p += 1) {
    if (p >= 1 && p <= pageCount) pages.add(p);
  }
  // Show a page instead of a gap that would hide just one page.
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push({ kind: 'page', page: page - 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ kind: 'gap', key: `gap-${page}` });
    items.push({ kind: 'page', page });
  });
  return items;
}
