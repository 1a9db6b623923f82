import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import pages from '../../prerender/pages.json';
import { routes } from './router';

// The boot script preloads a page's chunks by prerender/pages.json (the module of each public
// page); scripts/check-budget.mjs measures the same. A page's module renamed or moved in
// router.tsx without this table would load its code late and leave the budget unmeasured.
const modules = import.meta.glob<Record<string, unknown>>(['/src/app/routes/*.tsx', '/src/features/*/routes/*.tsx']);

/** A path the pattern matches: `/case/*` → `/case/1`. */
const example = (pattern: string) => pattern.replace(/\*$/, '1');

describe('prerender/pages.json', () => {
  it.each(Object.entries(pages))('%s is the page router.tsx loads from %s', async (pattern, module) => {
    const element = matchRoutes(routes, example(pattern))?.at(-1)?.route.element;
    const page: unknown = isValidElement(element) ? element.type : undefined;
    expect(page).toHaveProperty('preload');
    const loaded = await (page as { preload: () => Promise<unknown> }).preload();
    const load = modules[`/${module}`];
    expect(load, `${module} is not a page module`).toBeDefined();
    expect(Object.values(await load!())).toContain(loaded);
  });
});
