#!/usr/bin/env node
// What each public page's JavaScript is made of (docs/benchmarks/2026-11-28-bundle-report.md):
// run after `npx vite build --sourcemap`. For the app's start (the entry and what it imports)
// and for each page of prerender/pages.json (what it loads beyond the start), prints a Markdown
// table of its dependencies (an npm package, or a folder or file of src) with their share of the
// chunks' gzip size. Each chunk's minified bytes are given to the source files its sourcemap
// names, then scaled by the chunk's own gzip ratio: shares are estimates (data compresses
// better than code), totals are exact. No dependency: the sourcemaps' VLQ is decoded here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const pages = JSON.parse(readFileSync(join(root, 'prerender/pages.json'), 'utf8'));
const top = Number(process.env.TOP ?? 20);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = Object.fromEntries([...BASE64].map((c, i) => [c, i]));
/** One segment of a sourcemap's mappings: its fields as numbers. */
function decode(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const d = digit[c];
    value += (d & 31) << shift;
    if (d & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** A source's dependency: its npm package, else its folder under src (or the file itself). */
function dependency(source) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const src = /src\/([^/]+(?:\/[^/]+)?)/.exec(source);
  return src ? `src/${src[1]}` : '(glue)';
}

/** The gzip bytes of a chunk, shared out among its dependencies. */
function chunkShares(file) {
  const code = readFileSync(join(dist, file), 'utf8');
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  const gzip = gzipSync(code, { level: 9 }).length;
  const ratio = gzip / Buffer.byteLength(code);
  const shares = new Map();
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((mappings, index) => {
    const text = lines[index] ?? '';
    let column = 0;
    const segments = [];
    for (const segment of mappings.split(',')) {
      if (!segment) continue;
      const fields = decode(segment);
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    segments.forEach(([start, from], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      const name = from >= 0 ? dependency(map.sources[from]) : '(glue)';
      shares.set(name, (shares.get(name) ?? 0) + Buffer.byteLength(text.slice(start, end)) * ratio);
    });
  });
  return { gzip, shares };
}

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    (manifest[key].imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

function table(title, keys) {
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const totals = new Map();
  let gzip = 0;
  for (const file of files) {
    const chunk = chunkShares(file);
    gzip += chunk.gzip;
    for (const [name, bytes] of chunk.shares) totals.set(name, (totals.get(name) ?? 0) + bytes);
  }
  const rows = [...totals].sort((a, b) => b[1] - a[1]);
  const shown = rows.slice(0, top);
  const rest = rows.slice(top).reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`\n### ${title}: ${(gzip / 1024).toFixed(1)} KiB gzip in ${files.length} files\n`);
  console.log('| dependency | KiB gzip |\n|---|---:|');
  for (const [name, bytes] of shown) console.log(`| ${name} | ${(bytes / 1024).toFixed(1)} |`);
  if (rest > 0) console.log(`| ${rows.length - top} others | ${(rest / 1024).toFixed(1)} |`);
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const start = closure(entries);
table('The start (every page)', start);
for (const [pattern, module] of Object.entries(pages)) {
  table(
    `${pattern} beyond the start`,
    [...closure([module])].filter((key) => !start.has(key)),
  );
}
table(
  'English pages beyond the start',
  [...closure(['src/i18n/english.ts'])].filter((key) => !start.has(key)),
);
// Under /en a page also loads the English words of the areas its chunks bring (their catalogues
// ask for them as they load: src/i18n/overwrite.ts).
for (const [pattern, module] of Object.entries(pages)) {
  const words = [...closure([module])].flatMap((key) =>
    (manifest[key].dynamicImports ?? []).filter((imported) => /^src\/i18n\/[a-z-]+-en\.ts$/.test(imported)),
  );
  const own = [...closure(words)].filter((key) => !start.has(key));
  if (own.length > 0) table(`${pattern} in English: its areas' words`, own);
}
