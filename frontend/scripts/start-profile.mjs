/**
 * Where a public page's start spends the main thread, by package: `make profile-start` (issue 38,
 * not part of `make test`). Lighthouse's blocking time moves by hundreds of milliseconds between
 * two runs of the same build on a 2-core machine, too much to see a change of 50 ms; a CPU profile
 * of the same start, mapped back to the sources, shows where the time goes and what a change took
 * away. For each page: Chromium opens it at a phone's width (412 px, zh-HK, no slowdown), the
 * profiler samples until the app has taken over from the server's HTML and two seconds after, and
 * each sample is counted to the package (or the app's folder) its function comes from, through
 * the build's source maps. Prints the mean over the runs, milliseconds at full speed
 * (Lighthouse's phone is four times slower). A trace of a separate load of the same page gives
 * the main thread's tasks after the first paint: those over 12.5 ms are the ones over 50 ms on
 * a phone four times slower, and the sum of what each has over 50 ms there is an estimate of
 * the blocking time Lighthouse's simulation counts (it places the same tasks on a simulated
 * network). That load runs without the profiler, whose sampling would lengthen every task.
 *
 * node scripts/start-profile.mjs BUILD_DIR BASE_URL [RUNS] [PATH...]: BUILD_DIR is the build
 * the server at BASE_URL serves, made with source maps (`vite build --sourcemap`, which
 * `scripts/start-profile.sh` makes); Chromium from CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';

const [buildDir, base, runsArg = '3', ...pathArgs] = process.argv.slice(2);
if (!buildDir || !base) {
  console.error('usage: node scripts/start-profile.mjs BUILD_DIR BASE_URL [RUNS] [PATH...]');
  process.exit(2);
}
const runs = Number(runsArg);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`RUNS is a whole number of runs, at least 1, not ${runsArg}`);
  process.exit(2);
}
const paths = pathArgs.length > 0 ? pathArgs : ['/'];
const assets = join(buildDir, 'assets');

const maps = new Map();
/** The build's source map of one of its files, or null (the boot script has none). */
function mapOf(file) {
  if (!maps.has(file)) {
    const path = join(assets, `${file}.map`);
    maps.set(file, existsSync(path) ? new TraceMap(readFileSync(path, 'utf8')) : null);
  }
  return maps.get(file);
}

/** A source file's package (`react-dom`, `@fluentui/*`) or, for our own code, `app: <folder>`. */
function packageOf(source) {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source ?? '');
  if (module) {
    const name = module[1];
    if (name === '@fluentui/react-icons') return name;
    return name.startsWith('@fluentui/') ? '@fluentui/* (components)' : name;
  }
  const own = /src\/((?:[^/]+\/)?[^/]+)/.exec(source ?? '');
  return own ? `app: ${own[1].replace(/\.[tj]sx?$/, '')}` : 'unmapped';
}

/** What one sample's function is: a package, or what the profiler calls native work. */
function whereOf(frame) {
  if (!frame.url.includes('/assets/')) return frame.functionName || '(other)';
  const file = frame.url.split('/').pop();
  const map = mapOf(file);
  if (!map) return file.replace(/-[\w-]{8}\.js$/, '.js');
  return packageOf(originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source);
}

/** Opens `url` as a phone, with `measure` started before and stopped after the app's takeover. */
async function openOnce(browser, url, measure) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    extraHTTPHeaders: { 'Accept-Language': 'zh-HK' },
  });
  const page = await context.newPage();
  const stop = await measure(page, await context.newCDPSession(page));
  await page.goto(url, { waitUntil: 'load' });
  // The app has taken over once #root no longer carries the server's mark (main.tsx).
  await page.waitForFunction(() => !globalThis.document.getElementById('root')?.dataset.firstScreen, null, {
    timeout: 30_000,
  });
  await page.waitForTimeout(2_000);
  const result = await stop();
  await context.close();
  return result;
}

/** Milliseconds of the main thread by package, from a CPU profile of one start. */
async function profileOnce(browser, url) {
  const profile = await openOnce(browser, url, async (_page, cdp) => {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    return async () => (await cdp.send('Profiler.stop')).profile;
  });
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const where = whereOf(nodes.get(id).callFrame);
    // A sample stands for the time until the next one (as DevTools counts it).
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (where !== '(idle)') totals.set(where, (totals.get(where) ?? 0) + ms);
  });
  return totals;
}

/** The long tasks of one start, from a trace of it. */
async function tasksOnce(browser, url) {
  return openOnce(browser, url, async (page) => {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    return async () => longTasks(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
  });
}

/** Lighthouse's phone runs the page's tasks this many times slower (its mobile preset). */
const SLOWDOWN = 4;
/** A task longer than this blocks input (Total Blocking Time counts what is over it). */
const LONG_TASK_MS = 50;

/**
 * The renderer's main-thread tasks after the first contentful paint that would be long tasks on
 * the slowed phone: their durations at full speed, in milliseconds.
 */
function longTasks(events) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  // The page's renderer is the one whose main thread painted; other renderers (a blank tab) did not.
  const main = threads.find((t) => fcp && t.pid === fcp.pid);
  if (!main || !fcp) return [];
  const durations = [];
  let end = 0;
  for (const e of events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts)) {
    // Nested tasks run inside their parent's time: the outermost one is the task.
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    const ms = e.dur / 1000;
    if (e.ts > fcp.ts && ms * SLOWDOWN > LONG_TASK_MS) durations.push(ms);
  }
  return durations;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (const path of paths) {
  const sum = new Map();
  const blocking = [];
  let longest = 0;
  let count = 0;
  for (let run = 0; run < runs; run += 1) {
    for (const [where, ms] of await profileOnce(browser, base + path)) sum.set(where, (sum.get(where) ?? 0) + ms);
    const tasks = await tasksOnce(browser, base + path);
    blocking.push(tasks.reduce((total, ms) => total + ms * SLOWDOWN - LONG_TASK_MS, 0));
    longest = Math.max(longest, ...tasks);
    count += tasks.length;
  }
  const rows = [...sum].map(([where, ms]) => [where, ms / runs]).sort((a, b) => b[1] - a[1]);
  const busy = rows.reduce((total, [, ms]) => total + ms, 0);
  const script = rows.filter(([where]) => !where.startsWith('(')).reduce((total, [, ms]) => total + ms, 0);
  console.log(
    `\n== ${path}: main thread busy ${busy.toFixed(0)} ms, of which the page's JavaScript ${script.toFixed(0)} ms (mean of ${runs} runs)`,
  );
  console.log(
    `   long tasks after the first paint (over ${LONG_TASK_MS / SLOWDOWN} ms here): ${(count / runs).toFixed(1)} a run, the longest ${longest.toFixed(0)} ms;` +
      ` blocking time at ${SLOWDOWN}x, estimated: ${blocking.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
  for (const [where, ms] of rows.slice(0, 20)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${where}`);
}
await browser.close();
console.log('\n(program): native work the profiler does not name (parsing, compiling, style and layout)');
