/**
 * The first screen's Fluent UI styles, each rule followed by an empty comment: how the prerender
 * writes them (`stylesWithRuleEnds`) and how the app learns them back (`adoptPrerenderedStyles`).
 */

import { getStyleSheetKey, type GriffelRenderer, type StyleBucketName } from '@griffel/core';

type StyleSheet = GriffelRenderer['stylesheets'][string];

/**
 * What ends each rule in the prerendered `<style>` elements. It is CSS (a comment), and no rule
 * holds it, where a line end will not do: Fluent's own rules have line ends in their values.
 */
const RULE_END = '/**/';

/**
 * Build time: the renderer as `renderToStyleElements` reads it, with `RULE_END` after each rule.
 * A rule the app would not split back out as it is stops the build: one that holds `RULE_END`, or
 * ends so that `RULE_END` would start inside it (`/**`), or has a carriage return (the HTML parser
 * turns it into a line end).
 */
export function stylesWithRuleEnds(renderer: GriffelRenderer): GriffelRenderer {
  const stylesheets: GriffelRenderer['stylesheets'] = {};
  for (const [key, sheet] of Object.entries(renderer.stylesheets)) {
    const cssRules = () =>
      sheet.cssRules().map((rule) => {
        const ended = `${rule}${RULE_END}`;
        if (ended.indexOf(RULE_END) !== rule.length || rule.includes('\r'))
          throw new Error(`a CSS rule the app cannot split back out: ${rule}`);
        return ended;
      });
    stylesheets[key] = { ...sheet, cssRules };
  }
  return { ...renderer, stylesheets };
}

/** Griffel's attributes on the `<style>` elements it writes (the prerender's too). */
const BUCKET = 'data-make-styles-bucket';
const PRIORITY = 'data-priority';
const CONTAINER = 'data-container';

/**
 * Tells Fluent's style renderer which rules the server's HTML already has, so that the app's first
 * render inserts none of them again. It does what Griffel's `rehydrateRendererCache` does, without
 * its cost: that parses every prerendered rule again with stylis, 30 to 63 ms of the start of a
 * public page on a fast machine, four times that on a phone. The prerender ends
 * each rule with `RULE_END` (`stylesWithRuleEnds`), so splitting there gives back, byte for byte,
 * the strings Griffel keys its cache by (its own parse gives back stylis's rewriting of them, and
 * misses a rule whose value has line ends).
 */
export function adoptPrerenderedStyles(renderer: GriffelRenderer, document: Document): void {
  for (const element of document.querySelectorAll<HTMLStyleElement>(`style[${BUCKET}]`)) {
    const bucket = element.getAttribute(BUCKET) as StyleBucketName;
    const priority = element.getAttribute(PRIORITY) ?? '0';
    const key = getStyleSheetKey(bucket, element.getAttribute(CONTAINER) ?? (element.media || '0'), priority);
    renderer.stylesheets[key] ??= sheetOf(element, bucket);
    for (const rule of (element.textContent ?? '').split(RULE_END)) {
      if (rule) renderer.insertionCache[rule] = bucket;
    }
  }
}

/**
 * What to give Fluent's `RendererProvider` as its `targetDocument`. The provider (Griffel's) uses
 * that document for one thing: it rehydrates from it on its first render, with the very parse
 * `adoptPrerenderedStyles` avoids. A document without styles leaves it nothing to parse.
 */
export function documentWithoutStyles(): Document {
  return document.implementation.createHTMLDocument('');
}

/** The element as the bucket's sheet: the app's later rules of that bucket go in after its own. */
function sheetOf(element: HTMLStyleElement, bucketName: StyleBucketName): StyleSheet {
  const elementAttributes = Object.fromEntries(Array.from(element.attributes, (a) => [a.name, a.value]));
  return {
    elementAttributes,
    element,
    bucketName,
    cssRules: () => Array.from(element.sheet?.cssRules ?? [], (rule) => rule.cssText),
    insertRule: (rule) => element.sheet?.insertRule(rule, element.sheet.cssRules.length),
  };
}
