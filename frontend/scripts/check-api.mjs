#!/usr/bin/env node
// Fails when src/api/generated is stale against ../openapi.yaml (or ORVAL_INPUT).
// Generates into a sibling folder at the same depth (so relative imports match),
// compares file by file, and removes the folder again. Does not touch the committed output.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const committedDir = join(root, 'src/api/generated');
const freshDir = join(root, 'src/api/.generated-check');

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function snapshot(dir) {
  return new Map(listFiles(dir).map((f) => [relative(dir, f), readFileSync(f, 'utf8')]));
}

rmSync(freshDir, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [join(root, 'node_modules/orval/dist/bin/orval.js'), '--config', 'orval.config.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ORVAL_OUTPUT_DIR: 'src/api/.generated-check' },
  });
  const committed = snapshot(committedDir);
  const fresh = snapshot(freshDir);
  const problems = [];
  for (const [file, text] of fresh) {
    if (!committed.has(file)) problems.push(`missing: ${file}`);
    else if (committed.get(file) !== text) problems.push(`differs: ${file}`);
  }
  for (const file of committed.keys()) {
    if (!fresh.has(file)) problems.push(`no longer generated: ${file}`);
  }
  if (fresh.size === 0) problems.push('orval produced no files');
  if (problems.length > 0) {
    console.error('src/api/generated is stale against openapi.yaml; run `npm run gen:api` and commit:');
    for (const p of problems) console.error(`  ${p}`);
    process.exitCode = 1;
  } else {
    console.log(`src/api/generated is up to date (${fresh.size} files).`);
  }
} finally {
  rmSync(freshDir, { recursive: true, force: true });
}
