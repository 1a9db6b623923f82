import {
  createDOMRenderer,
  makeStyles,
  RendererProvider,
  renderToStyleElements,
  tokens,
} from '@fluentui/react-components';
import { type GriffelRenderer, rehydrateRendererCache, resolveStyleRulesForSlots } from '@griffel/core';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptPrerenderedStyles, documentWithoutStyles, stylesWithRuleEnds } from './styles';

/** Rules of every kind Griffel sorts into a bucket of its own. */
const cardStyles = {
  card: {
    color: tokens.colorNeutralForeground1,
    padding: '8px 12px',
    ':hover': { color: tokens.colorBrandForeground1 },
    ':focus-visible': { outlineWidth: '2px' },
    ':active': { color: tokens.colorBrandForeground2 },
    '@media (min-width: 640px)': { padding: '16px' },
    '@supports (display: grid)': { display: 'grid' },
    '@container (min-width: 400px)': { padding: '24px' },
    animationName: { from: { opacity: 0 }, to: { opacity: 1 } },
    '::before': { content: '"「"' },
  },
};
const useCardStyles = makeStyles(cardStyles);

function Card() {
  return <div className={useCardStyles().card} />;
}

/** What the prerender writes into a page's head: the card's rules. */
function prerenderedHead(): { head: string; server: GriffelRenderer } {
  // No document: the renderer keeps its rules as strings, as it does in the build's Node.
  const server = createDOMRenderer(null as unknown as undefined);
  server.insertCSSRules(resolveStyleRulesForSlots(cardStyles)[1]);
  return { head: renderToString(<>{renderToStyleElements(stylesWithRuleEnds(server))}</>), server };
}

/** A page of its own (an iframe's, so that its `<style>` elements have style sheets). */
function pageWith(head: string): Document {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  frames.push(frame);
  const page = frame.contentDocument;
  if (!page) throw new Error('the iframe has no document');
  page.head.innerHTML = head;
  return page;
}

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

/** A renderer of `page`, told the rules its head already has. */
function adoptedBy(page: Document): GriffelRenderer {
  const renderer = createDOMRenderer(page);
  adoptPrerenderedStyles(renderer, page);
  return renderer;
}

describe("the first screen's styles", () => {
  it('are adopted as exactly the rules the prerender wrote, as Griffel itself would read them', () => {
    const { head, server } = prerenderedHead();
    expect(Object.keys(server.insertionCache)).toHaveLength(11);
    expect(new Set(Object.values(server.insertionCache))).toEqual(new Set(['d', 'h', 'i', 'a', 'k', 'm', 't', 'x']));

    const adopted = adoptedBy(pageWith(head));
    expect(adopted.insertionCache).toEqual(server.insertionCache);

    const page = pageWith(head);
    const parsed = createDOMRenderer(page);
    rehydrateRendererCache(parsed, page);
    expect(adopted.insertionCache).toEqual(parsed.insertionCache);
    expect(Object.keys(adopted.stylesheets).sort()).toEqual(Object.keys(parsed.stylesheets).sort());
  });

  it("let the app's first render add no rule the page already has, and put new ones in order", () => {
    const { head } = prerenderedHead();
    const page = pageWith(head);
    const renderer = adoptedBy(page);
    const elements = () => Array.from(page.head.querySelectorAll('style'));
    const rulesOf = (element: HTMLStyleElement) => Array.from(element.sheet?.cssRules ?? [], (rule) => rule.cssText);
    const before = elements().map((element) => rulesOf(element).length);

    render(
      <RendererProvider renderer={renderer} targetDocument={documentWithoutStyles()}>
        <Card />
      </RendererProvider>,
    );
    expect(elements().map((element) => rulesOf(element).length)).toEqual(before);

    // A rule the first screen did not use goes into the page's element of its bucket.
    const useMore = makeStyles({ more: { marginTop: '3px' } });
    function More() {
      return <p className={useMore().more} />;
    }
    render(
      <RendererProvider renderer={renderer} targetDocument={documentWithoutStyles()}>
        <More />
      </RendererProvider>,
    );
    const holders = elements().filter((element) => rulesOf(element).some((rule) => rule.includes('margin-top: 3px')));
    expect(holders).toHaveLength(1);
    expect(renderer.stylesheets.d0?.element).toBe(holders[0]);
    expect(elements().map((element) => rulesOf(element).length)).toEqual(
      before.map((count, i) => (elements()[i] === holders[0] ? count + 1 : count)),
    );
  });

  it('keep a rule whose value has line ends, as Fluent writes some of its own', () => {
    const server = createDOMRenderer(null as unknown as undefined);
    const rule = '.f7ll8cq::after{background-image:linear-gradient(\n  0deg,\n  red 0%,\n  transparent 100%\n);}';
    server.insertCSSRules({ d: [rule, '.fxyz{color:red;}'] });
    const head = renderToString(<>{renderToStyleElements(stylesWithRuleEnds(server))}</>);
    expect(adoptedBy(pageWith(head)).insertionCache).toEqual({ [rule]: 'd', '.fxyz{color:red;}': 'd' });
  });

  it("give Fluent's provider a document of its own, with no styles to parse again", () => {
    const empty = documentWithoutStyles();
    expect(empty).not.toBe(document);
    expect(empty.querySelectorAll('style, link')).toHaveLength(0);
  });

  it.each([
    ['holds what ends a rule', '.x{background:url("/**/a.png");}'],
    ['ends so that what ends a rule would start inside it', '.x{color:red;}/**'],
    ['has a carriage return, which the HTML parser turns into a line end', '.x{content:"a\rb";}'],
  ])('stop the build when a rule %s', (_, rule) => {
    const server = createDOMRenderer(null as unknown as undefined);
    server.insertCSSRules({ d: [rule] });
    expect(() => renderToString(<>{renderToStyleElements(stylesWithRuleEnds(server))}</>)).toThrow(
      /cannot split back out/,
    );
  });
});
