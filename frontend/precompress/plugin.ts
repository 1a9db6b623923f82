/**
 * The build's compressed copies of the app's hashed files: `x.js.br` (brotli, quality 11) and
 * `x.js.gz` (gzip, level 9) beside each script, style sheet and text file under `dist/assets`,
 * which the server sends as they are to a client that accepts them
 * (crates/http/src/system/precompressed.rs). Compressing per request is fast only at a low level:
 * the server's brotli sent the app's start as 190 KB where quality 11 makes 120
 * (docs/adr/0076-public-pages-under-150-kib.md). Runs last, after the first screens' boot script
 * is written; a copy that would not be smaller is not written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** What compresses: text. Images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|html)$/;

/** The copies the server knows, each with how it is made. */
export const CODINGS = {
  '.br': (bytes: Buffer) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  '.gz': (bytes: Buffer) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
} as const;

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tutorhub-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const assets = resolve(config.root, config.build.outDir, config.build.assetsDir);
        for (const name of readdirSync(assets)) {
          if (!TEXT.test(name)) continue;
          const bytes = readFileSync(join(assets, name));
          for (const [suffix, compress] of Object.entries(CODINGS)) {
            const compressed = compress(bytes);
            if (compressed.length < bytes.length) writeFileSync(join(assets, name + suffix), compressed);
          }
        }
      },
    },
  };
}
