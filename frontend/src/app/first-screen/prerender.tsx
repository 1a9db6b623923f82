/**
 * Build time only: prerender/plugin.ts runs this in Node. It renders the app's frame (top bar,
 * footer) and the public pages whose first screen needs no data of the server (home, the board,
 * the login page, the terms, the privacy policy) as HTML, with the Fluent UI styles they use.
 * The server sends that HTML, so the first paint needs no JavaScript (issue 14); the app then
 * hydrates a whole page (the same tree, `App`) and renders the frame's pages over it. A visitor is
 * logged out and on a phone here.
 */
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createDOMRenderer, RendererProvider, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import { paths } from '@/config/paths';
import { type Language, routerBasename } from '@/i18n/language';
import { loadLanguage } from '@/i18n/load';
import { App } from '../App';
import { AppProviders } from '../providers';
import { preloadPage, routes } from '../router';
import { stylesWithRuleEnds } from './styles';

/** Where the server puts a page's own first screen (a tutor, a case) inside the frame's `<main>`. */
export const FIRST_SCREEN_SLOT = '<!--first-screen-->';
/**
 * The path the frame is rendered at: the server writes the page's own path wherever it stands
 * (the language switch's link to the same page in the other language).
 */
const FRAME_PATH = '/first-screen-path-7f3a';
const SLOT_TEXT = 'first-screen-slot-7f3a';

/** The pages prerendered whole, by the name of their file under `dist/first-screen/`. */
const STATIC_PAGES = {
  home: paths.home,
  'all-cases': paths.allCases,
  'login-or-register': paths.loginOrRegister,
  terms: paths.terms,
  privacy: paths.privacy,
} as const;

/** One document's body and the `<style>` elements with every rule it uses (and no other). */
export interface Rendered {
  html: string;
  styles: string;
}

export interface LanguageScreens {
  /** The frame with the slot in `<main>`, for every other page. */
  frame: Rendered;
  /** Whole pages, by name. */
  pages: Record<keyof typeof STATIC_PAGES, Rendered>;
}

/** Each language's first screens: zh-HK's at the root, English's under `/en`. */
export type FirstScreens = Record<Language, LanguageScreens>;

/** A tree as HTML, with the Fluent UI styles it used. */
function render(tree: ReactElement): Rendered {
  const renderer = createDOMRenderer();
  const body = renderToString(
    <RendererProvider renderer={renderer}>
      <SSRProvider>{tree}</SSRProvider>
    </RendererProvider>,
  );
  // The document's head has the page's title from the server; scripts are the app's own files.
  const html = body.replace(/<title>[\s\S]*?<\/title>/g, '').replace(/<script[\s\S]*?<\/script>/g, '');
  return { html, styles: renderToString(<>{renderToStyleElements(stylesWithRuleEnds(renderer))}</>) };
}

/**
 * A data-free page exactly as the app's first render in the browser draws it: `App`, with a router
 * at `path` in place of the browser's address. main.tsx hydrates it, which needs the same tree.
 */
export function renderPage(path: string): Rendered {
  const AtPath = ({ basename, children }: { basename?: string; children: ReactNode }) => (
    <MemoryRouter basename={basename} initialEntries={[`${basename ?? ''}${path}`]}>
      {children}
    </MemoryRouter>
  );
  return render(<App swr={{ provider: () => new Map() }} Router={AtPath} />);
}

/** The frame (top bar, footer) around a slot the server fills with a tutor's or a case's page. */
function renderFrame(): Rendered {
  const frameRoutes: RouteObject[] = [{ element: routes[0]?.element, children: [{ path: '*', element: SLOT_TEXT }] }];
  const basename = routerBasename();
  const router = createMemoryRouter(frameRoutes, { initialEntries: [`${basename ?? ''}${FRAME_PATH}`], basename });
  const frame = render(
    <AppProviders swr={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...frame, html: frame.html.replace(SLOT_TEXT, () => FIRST_SCREEN_SLOT) };
}

async function renderLanguage(language: Language): Promise<LanguageScreens> {
  await loadLanguage(language);
  const frame = renderFrame();
  const pages = {} as LanguageScreens['pages'];
  for (const [name, path] of Object.entries(STATIC_PAGES) as [keyof typeof STATIC_PAGES, string][]) {
    await preloadPage(path);
    pages[name] = renderPage(path);
  }
  return { frame, pages };
}

/**
 * zh-HK first, then English: loading English writes its words over the catalogues in place
 * (i18n/load.ts), for the rest of this build-time process.
 */
export async function renderFirstScreens(): Promise<FirstScreens> {
  const zh = await renderLanguage('zh-HK');
  const english = await renderLanguage('en');
  return { 'zh-HK': zh, en: english };
}
