/**
 * Fluent UI's theme and `tokens` at build time (docs/adr/0076-public-pages-under-150-kib.md): two
 * build plugins that leave out of the app what only computes strings the build can write itself.
 */
import { createLightTheme, tokens, type BrandVariants } from '@fluentui/react-components';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The packages that export Fluent's `tokens` (and, inside @fluentui/tokens, its own file). */
const IMPORTED =
  /import\s*\{[^}]*\btokens\b[^}]*\}\s*from\s*["'](?:@fluentui\/(?:react-components|react-theme|tokens)|\.\/tokens(?:\.js)?)["']/;
/** `tokens.name`, not `x.tokens.name` nor `mytokens.name`. */
const READ = /(?<![\w$.])tokens\.([A-Za-z][A-Za-z0-9]*)\b(?!\s*=[^=])/g;

const values: Record<string, string> = tokens as unknown as Record<string, string>;

/**
 * `tokens.colorNeutralForeground1` is the string `'var(--colorNeutralForeground1)'` whoever reads
 * it, so the build writes the string in its place, in our styles and in Fluent's own, and the
 * object of 467 names (3 KiB gzip on every page) is left out of the app. Only where `tokens` is
 * imported from Fluent's packages, and only with the values of the object itself: the styles are
 * the same, byte for byte.
 */
export function fluentTokens(): Plugin {
  return {
    name: 'tutorhub-fluent-tokens',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\.(?:[cm]?js|tsx?)$/, code: 'tokens.' },
      handler(code, id) {
        if (!(id.includes('/node_modules/@fluentui/') || id.includes('/src/')) || !IMPORTED.test(code)) return null;
        let changed = false;
        const written = code.replace(READ, (read: string, name: string) => {
          const value = values[name];
          if (typeof value !== 'string') return read;
          changed = true;
          return JSON.stringify(value);
        });
        return changed ? { code: written, map: null } : null;
      },
    },
  };
}

/**
 * The app's theme at build time, as CSS: `createLightTheme(tutorhubBrand)` in src/app/theme.ts is
 * computed here with Fluent's own function from the brand ramp written in that file, and its values
 * are written into the app's stylesheet (src/styles/global.css) as custom properties of `:root`,
 * where Fluent's styles read them (`var(--colorBrandBackground)`). The theme the app hands
 * FluentProvider keeps only what theme.ts adds to it (the font stack), so neither Fluent's colour
 * palettes nor 459 values as script data are in the JavaScript every page loads (about 7 KiB gzip:
 * docs/adr/0076-public-pages-under-150-kib.md). Portals read `:root` as well. Tests and the first
 * screens' prerender (not built by Vite's build) keep the whole theme in JavaScript.
 */
export function prebuiltTheme(): Plugin {
  let themeFile = '';
  const read = (): BrandVariants => {
    const code = readFileSync(themeFile, 'utf8');
    const ramp = /const tutorhubBrand: BrandVariants = (\{[^}]*\});/.exec(code);
    if (!ramp?.[1] || !code.includes('createLightTheme(tutorhubBrand)')) {
      throw new Error(
        'src/app/theme.ts: the brand ramp or createLightTheme(tutorhubBrand) is not where theme/plugin.ts reads it',
      );
    }
    // The ramp is an object of numbers and hex strings: JSON once its keys are quoted.
    return JSON.parse(
      ramp[1]
        .replace(/(\d+):/g, '"$1":')
        .replace(/'/g, '"')
        .replace(/,\s*\}/, '}'),
    ) as BrandVariants;
  };
  return {
    name: 'tutorhub-prebuilt-theme',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      themeFile = join(config.root, 'src/app/theme.ts');
    },
    transform: {
      filter: { id: /src[\\/](?:app[\\/]theme\.ts|styles[\\/]global\.css)$/ },
      handler(code, id) {
        const theme = createLightTheme(read());
        if (id.endsWith('.css')) {
          const properties = Object.entries(theme).map(([name, value]) => `--${name}: ${String(value)};`);
          return { code: `${code}\n:root {\n${properties.join('\n')}\n}\n`, map: null };
        }
        return { code: code.replace('createLightTheme(tutorhubBrand)', () => '{}'), map: null };
      },
    },
  };
}
