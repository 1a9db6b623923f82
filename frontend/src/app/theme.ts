import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

/**
 * Brand ramp: a warm terracotta (shade 80 is the main brand colour, white text on it
 * passes WCAG AA). The only place colours are written as hex; components use tokens.
 */
const tutorhubBrand: BrandVariants = {
  10: '#2d1407',
  20: '#411d0a',
  30: '#54260c',
  40: '#672f0f',
  50: '#7a3812',
  60: '#8e4115',
  70: '#a14a17',
  80: '#b4531a',
  90: '#bd6734',
  100: '#c57b4f',
  110: '#ce8e69',
  120: '#d7a283',
  130: '#dfb69e',
  140: '#e8cab8',
  150: '#f0ddd2',
  160: '#f9f1ed',
};

const cjkFontStack =
  '"Segoe UI", "Noto Sans HK", "Noto Sans CJK TC", "PingFang HK", "Microsoft JhengHei", system-ui, -apple-system, sans-serif';

/**
 * The app's theme. In the built app theme/plugin.ts writes `createLightTheme`'s values into the
 * stylesheet as custom properties of `:root` and leaves here only what is added to them
 * (docs/adr/0076-public-pages-under-150-kib.md); tests and the prerender use it whole.
 */
export const tutorhubTheme: Theme = {
  ...createLightTheme(tutorhubBrand),
  fontFamilyBase: cjkFontStack,
};
