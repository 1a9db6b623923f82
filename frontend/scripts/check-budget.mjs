#!/usr/bin/env node
// Measures the JavaScript each public page loads at its start, compressed as the server sends it to
// a browser (the build's brotli copy, precompress/plugin.ts; the file itself where the build wrote
// none) (issue 38, docs/adr/0076-public-pages-under-150-kib.md): the boot script, the app's entry
// and every chunk it imports, and the page's own chunks with every chunk they import, however
// deep, as the build's manifest links them (what Lighthouse counts as the page's scripts before
// anyone taps; its "JS loaded" adds each response's headers, about 0.3 KiB a file). Each page of
// budget.json's `pages` is measured in zh-HK and in English (`/en…`, which loads the English words
// where a zh-HK page loads the zh-HK words); its module comes from prerender/pages.json, the table the boot script reads as well.
// Under /en, the English words of the areas its chunks bring count too (their catalogues ask for
// them as they load, src/i18n/overwrite.ts). Fails when a page passes its own budget there (KiB
// in zh-HK and in English, today's size with a KiB or two to spare: brotli's output follows the
// version Node carries), or when a budget is above `targetKiB`, the issue's 150 KiB: every page
// is held to it in both languages.
// The first paint waits for none of it (the first screen comes from the server, and the boot
// script asks for the app after the paint).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const { targetKiB: target, pages } = JSON.parse(read('budget.json'));
const modules = JSON.parse(read('prerender/pages.json'));
const fail = (message) => {
  console.error(`check-budget: ${message}`);
  process.exit(1);
};

let index, manifest;
try {
  index = read('dist/index.html');
  manifest = JSON.parse(read('dist/.vite/manifest.json'));
} catch {
  fail('no dist/index.html or dist/.vite/manifest.json (run the build first)');
}
// The app starts from a small boot script after the first paint (prerender/plugin.ts), which
// names the entry script, the chunks it imports, each page's own chunks with its areas' English
// words, and each language's words.
const boot =
  /<script defer src="([^"]+)" data-entry="([^"]+)" data-preload="([^"]*)" data-pages='([^']*)' data-en='([^']*)' data-zh='([^']*)'><\/script>/.exec(
    index,
  );
if (!boot) fail('no boot script in dist/index.html (prerender/plugin.ts writes it)');
const [, bootScript, entry, startPreloads, bootPages, bootEnglish, bootChinese] = boot;

/** A module's chunk and every chunk it imports statically, however deep, by their manifest keys. */
function keysOf(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) fail(`${key} is not in the build's manifest (prerender/pages.json names it)`);
    seen.add(key);
    (manifest[key].imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return [...seen];
}

/** A module's chunk and every chunk it imports statically, however deep. */
const chunksOf = (keys) => keysOf(keys).map((key) => `/${manifest[key].file}`);

/** The English words of the areas a module's chunks bring, which an English page loads with them. */
const englishWordsOf = (keys) =>
  keysOf(keys).flatMap((key) =>
    (manifest[key].dynamicImports ?? []).filter((module) => /^src\/i18n\/[a-z-]+-en\.ts$/.test(module)),
  );

/** The page's module in prerender/pages.json, as the boot script matches it (`/case/*`). */
function moduleOf(path) {
  const match = Object.entries(modules).find(([pattern]) =>
    pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern,
  );
  if (!match) fail(`${path} has no module in prerender/pages.json: the boot script would not load its code`);
  return match[1];
}

/** What the boot script asks for on `path` beyond the app's start, and in English its areas' words. */
function bootPreloads(path, english) {
  return JSON.parse(bootPages)
    .filter(([pattern]) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern))
    .flatMap(([, files, englishFiles]) => (english ? [...files, ...englishFiles] : files));
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1 || `/${manifest[entryKeys[0]].file}` !== entry) {
  fail(
    `the boot script starts ${entry}, not the build's one entry (${entryKeys.join(', ') || 'none'}) in its manifest`,
  );
}
if (/<script type="module"/.test(index)) fail('dist/index.html loads a module script before the first paint');
const sizes = new Map();
/** The KiB a browser downloads for `path`: its brotli copy, or the file where the build wrote none. */
const servedKiB = (path) => {
  if (!sizes.has(path)) {
    const file = join(root, 'dist', path);
    sizes.set(path, readFileSync(existsSync(`${file}.br`) ? `${file}.br` : file).length / 1024);
  }
  return sizes.get(path);
};

/** The KiB and the number of files of JavaScript a page loads at its start. */
function measure(path, english) {
  const module = moduleOf(path);
  // Under /en, the English words of its areas too: their catalogues ask for them as they load.
  const own = chunksOf([module, ...(english ? englishWordsOf([module]) : [])]);
  const missing = own.filter(
    (file) => !bootPreloads(path, english).includes(file) && !chunksOf(entryKeys).includes(file),
  );
  if (missing.length > 0) fail(`the boot script does not preload ${missing.join(', ')} on ${path}`);
  const files = new Set([
    bootScript,
    entry,
    ...startPreloads.split(' ').filter(Boolean),
    ...chunksOf(entryKeys),
    ...own,
    ...bootPreloads(path, english),
    // The page's words: the English chunk under /en, the zh-HK one elsewhere.
    ...(english
      ? [...chunksOf(['src/i18n/english.ts']), ...JSON.parse(bootEnglish)]
      : [...chunksOf(['src/i18n/zh-HK-words.ts']), ...JSON.parse(bootChinese)]),
  ]);
  return { kib: [...files].reduce((sum, file) => sum + servedKiB(file), 0), count: files.size };
}

let over = false;
for (const [page, budget] of Object.entries(pages)) {
  for (const language of ['zh-HK', 'en']) {
    if (budget[language] > target)
      fail(`${page}'s ${language} budget (${budget[language]} KiB) is above the ${target} KiB target`);
  }
  const path = page.replace(/:[^/]+/g, '1');
  const zh = measure(path, false);
  const en = measure(path, true);
  const passes = zh.kib <= budget['zh-HK'] && en.kib <= budget.en;
  over ||= !passes;
  console.log(
    `check-budget: ${page.padEnd(20)} ${zh.kib.toFixed(1).padStart(6)} KiB brotli in ${String(zh.count).padStart(2)} files ` +
      `(budget ${budget['zh-HK']}), in English ${en.kib.toFixed(1).padStart(6)} KiB in ${String(en.count).padStart(2)} ` +
      `(budget ${budget.en})${passes ? '' : ': PAST ITS BUDGET'}`,
  );
}
console.log(
  `check-budget: every budget at most the ${target} KiB target, in both languages; ` +
    `before the first paint: the boot script alone, ${servedKiB(bootScript).toFixed(1)} KiB`,
);
if (over) fail('a public page grew past its budget in budget.json: load what it does not need on demand');
