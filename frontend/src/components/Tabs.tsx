import { forwardRef, type KeyboardEvent } from 'react';
import { createCustomFocusIndicatorStyle, makeStyles, mergeClasses, slot, tokens } from '@fluentui/react-components';
// Fluent's own tab parts, from the package @fluentui/react-components re-exports (the lock file
// pins it with it): the Base hooks are the tabs without their keyboard behaviour, which comes from
// tabster (15 KiB on the pages with tabs, docs/adr/0076-public-pages-under-150-kib.md). The keys
// are handled here instead, and the tab's styles too (below).
import {
  renderTabList_unstable,
  renderTab_unstable,
  useTabBase_unstable,
  useTabListBase_unstable,
  useTabListContextValues_unstable,
  useTabListContext_unstable,
  useTabListStyles_unstable,
  type TabListProps,
  type TabListState,
  type TabProps,
  type TabState,
} from '@fluentui/react-tabs';

/** The arrow keys move between the tabs (round the ends), Home and End go to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLElement>, vertical: boolean) {
  const keys = vertical ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  if (![...keys, 'Home', 'End'].includes(event.key)) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  if (tabs.length === 0) return;
  const at = tabs.findIndex((tab) => tab === document.activeElement);
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl' && !vertical;
  const step = event.key === keys[1] ? 1 : -1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? tabs.length - 1
        : (Math.max(at, 0) + (rtl ? -step : step) + tabs.length) % tabs.length;
  event.preventDefault();
  tabs[next]?.focus();
}

/**
 * Fluent's Tab styles (useTabStyles.styles.raw.js of @fluentui/react-tabs) for the tabs we show:
 * horizontal, transparent, medium or large, words without an icon. Fluent's own hook carries every
 * appearance, size and orientation, pre-compiled (5 KiB gzip on home and login); the selected
 * tab's line is drawn in place rather than slid across.
 */
const useTabStyles = makeStyles({
  root: {
    alignItems: 'center',
    justifyContent: 'center',
    display: 'grid',
    flexShrink: 0,
    gridAutoFlow: 'column',
    gridTemplateColumns: 'auto',
    gridTemplateRows: 'auto',
    position: 'relative',
    overflow: 'hidden',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    fontFamily: tokens.fontFamilyBase,
    lineHeight: tokens.lineHeightBase300,
    outlineStyle: 'none',
    textTransform: 'none',
    columnGap: tokens.spacingHorizontalSNudge,
    backgroundColor: tokens.colorTransparentBackground,
    color: tokens.colorNeutralForeground2,
    ':enabled:hover': {
      backgroundColor: tokens.colorTransparentBackgroundHover,
      color: tokens.colorNeutralForeground2Hover,
    },
    ':enabled:active': {
      backgroundColor: tokens.colorTransparentBackgroundPressed,
      color: tokens.colorNeutralForeground2Pressed,
    },
    // The line under a tab: grey under the pointer (before), the brand's under the selected (after).
    '::before': {
      bottom: 0,
      height: tokens.strokeWidthThicker,
      left: tokens.spacingHorizontalM,
      right: tokens.spacingHorizontalM,
    },
    '::after': {
      bottom: 0,
      height: tokens.strokeWidthThicker,
      left: tokens.spacingHorizontalM,
      right: tokens.spacingHorizontalM,
    },
    ':hover::before': {
      backgroundColor: tokens.colorNeutralStroke1Hover,
      borderRadius: tokens.borderRadiusCircular,
      content: '""',
      position: 'absolute',
    },
    ':active::before': {
      backgroundColor: tokens.colorNeutralStroke1Pressed,
      borderRadius: tokens.borderRadiusCircular,
      content: '""',
      position: 'absolute',
    },
    '@media (forced-colors: active)': {
      ':hover::before': { backgroundColor: 'Highlight' },
      ':active::before': { backgroundColor: 'Highlight' },
    },
  },
  focus: createCustomFocusIndicatorStyle(
    {
      borderTopColor: 'transparent',
      borderRightColor: 'transparent',
      borderBottomColor: 'transparent',
      borderLeftColor: 'transparent',
      outlineWidth: tokens.strokeWidthThick,
      outlineColor: 'transparent',
      outlineStyle: 'solid',
      boxShadow: `${tokens.shadow4}, 0 0 0 ${tokens.strokeWidthThick} ${tokens.colorStrokeFocus2}`,
      zIndex: 1,
    },
    { enableOutline: true },
  ),
  medium: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalMNudge}` },
  large: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalMNudge}` },
  selected: {
    color: tokens.colorNeutralForeground1,
    ':enabled:hover': { color: tokens.colorNeutralForeground1Hover },
    ':enabled:active': { color: tokens.colorNeutralForeground1Pressed },
    '::after': {
      backgroundColor: tokens.colorCompoundBrandStroke,
      borderRadius: tokens.borderRadiusCircular,
      content: '""',
      position: 'absolute',
    },
    ':enabled:hover::after': { backgroundColor: tokens.colorCompoundBrandStrokeHover },
    ':enabled:active::after': { backgroundColor: tokens.colorCompoundBrandStrokePressed },
    '@media (forced-colors: active)': { '::after': { backgroundColor: 'ButtonText' } },
  },
  // The words, and the same words bold and hidden in the same cell, so that selecting a tab does
  // not change its width.
  content: {
    gridColumnStart: 1,
    gridRowStart: 1,
    overflow: 'hidden',
    padding: `${tokens.spacingVerticalNone} ${tokens.spacingHorizontalXXS}`,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightRegular,
  },
  contentLarge: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  contentSelected: { fontWeight: tokens.fontWeightSemibold },
  reserved: { visibility: 'hidden' },
});

function useStyledTab(state: TabState): TabState {
  const styles = useTabStyles();
  const large = state.size === 'large';
  state.root.className = mergeClasses(
    'fui-Tab',
    styles.root,
    styles.focus,
    large ? styles.large : styles.medium,
    state.selected && styles.selected,
    state.root.className,
  );
  if (state.contentReservedSpace) {
    state.contentReservedSpace.className = mergeClasses(
      styles.content,
      large && styles.contentLarge,
      styles.contentSelected,
      styles.reserved,
    );
  }
  state.content.className = mergeClasses(
    'fui-Tab__content',
    styles.content,
    large && styles.contentLarge,
    state.selected && styles.contentSelected,
    state.content.className,
  );
  return state;
}

/**
 * Fluent's TabList, as it looks and reads (role `tablist`, its styles and indicator), with one
 * tab stop (the selected tab) and the arrow keys handled here rather than by tabster.
 */
export const TabList = forwardRef<HTMLDivElement, TabListProps>(function TabList(props, ref) {
  const { appearance = 'transparent', reserveSelectedTabSpace = true, size = 'medium', ...rest } = props;
  const base = useTabListBase_unstable(rest, ref);
  const onKeyDown = base.root.onKeyDown;
  const state: TabListState = {
    ...base,
    appearance,
    reserveSelectedTabSpace,
    size,
    root: {
      ...base.root,
      onKeyDown: (event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event, base.vertical);
      },
    },
  };
  useTabListStyles_unstable(state);
  return renderTabList_unstable(state, useTabListContextValues_unstable(state));
});

/** Fluent's Tab (its words as children), reached by Tab only when selected (the others by the arrow keys). */
export const Tab = forwardRef<HTMLButtonElement, Omit<TabProps, 'content'>>(function Tab(props, ref) {
  const base = useTabBase_unstable(props, ref);
  const appearance = useTabListContext_unstable((context) => context.appearance);
  const reserveSelectedTabSpace = useTabListContext_unstable((context) => context.reserveSelectedTabSpace);
  const size = useTabListContext_unstable((context) => context.size ?? 'medium');
  const state: TabState = {
    ...base,
    components: { ...base.components, contentReservedSpace: 'span' },
    root: { ...base.root, tabIndex: base.selected ? 0 : -1 },
    contentReservedSpace: slot.optional<NonNullable<TabState['contentReservedSpace']>>(undefined, {
      renderByDefault: !base.selected && !base.iconOnly && reserveSelectedTabSpace,
      defaultProps: { children: props.children },
      elementType: 'span',
    }),
    appearance,
    size,
  };
  useStyledTab(state);
  return renderTab_unstable(state);
});
