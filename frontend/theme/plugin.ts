/**
 * Fluent UI's theme and `tokens` at build time (docs/adr/0076-public-pages-under-150-kib.md): two
 * build plugins that leave out of the app what only computes strings the build can write itself.
 */
import { createLightTheme, tokens, type BrandVariants } from '@fluentui/react-components';
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
 * The app's theme at build time: `createLightTheme(tutorhubBrand)` in src/app/theme.ts becomes the
 * theme it returns, computed here with Fluent's own function from the brand ramp written in that
 * file, so the function and Fluent's colour palettes it reads stay out of the app (about 3 KiB gzip
 * on every page, docs/adr/0076-public-pages-under-150-kib.md). The theme is the same, value for
 * value.
 */
export function prebuiltTheme(): Plugin {
  return {
    name: 'tutorhub-prebuilt-theme',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /src[\\/]app[\\/]theme\.ts$/ },
      handler(code) {
        const ramp = /const tutorhubBrand: BrandVariants = (\{[^}]*\});/.exec(code);
        if (!ramp?.[1] || !code.includes('createLightTheme(tutorhubBrand)')) {
          this.error(
            'src/app/theme.ts: the brand ramp or createLightTheme(tutorhubBrand) is not where theme/plugin.ts reads it',
          );
        }
        // The ramp is an object of numbers and hex strings: JSON once its keys are quoted.
        const brand = JSON.parse(
          ramp[1]
            .replace(/(\d+):/g, '"$1":')
            .replace(/'/g, '"')
            .replace(/,\s*\}/, '}'),
        ) as BrandVariants;
        return {
          code: code.replace('createLightTheme(tutorhubBrand)', () => JSON.stringify(createLightTheme(brand))),
          map: null,
        };
      },
    },
  };
}
