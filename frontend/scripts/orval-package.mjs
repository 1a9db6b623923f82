// The package.json that orval reads (orval.config.ts points at this file). Orval 7 parses the
// `typescript` entry as a version number, and ours is an npm alias
// ("npm:@typescript/typescript6@…", see README.md), so it gets the same file with the version of
// the compiler that `tsc` runs.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = require('../package.json');
const { version } = require('@typescript/native/package.json');

export default { ...pkg, devDependencies: { ...pkg.devDependencies, typescript: version } };
