/** Widths in CSS pixels; mobile first: below `wide` the layout is for phones. */
export const breakpoints = {
  wide: 640,
  desktop: 1024,
} as const;

/** For `useMediaQuery`. */
export const mediaQueries = {
  wide: `(min-width: ${breakpoints.wide}px)`,
} as const;

/**
 * For `makeStyles` keys. Griffel does not keep overlapping media rules in source order,
 * so rules that must override each other use the bounded `tablet` range.
 */
export const media = {
  narrow: `@media (max-width: ${breakpoints.wide - 1}px)`,
  wide: `@media (min-width: ${breakpoints.wide}px)`,
  tablet: `@media (min-width: ${breakpoints.wide}px) and (max-width: ${breakpoints.desktop - 1}px)`,
  desktop: `@media (min-width: ${breakpoints.desktop}px)`,
} as const;
