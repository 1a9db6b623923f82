import { forwardRef, type KeyboardEvent } from 'react';
import { slot } from '@fluentui/react-components';
// Fluent's own tab parts, from the package @fluentui/react-components re-exports (the lock file
// pins it with it): the Base hooks are the tabs without their keyboard behaviour, which comes from
// tabster (15 KiB on the pages with tabs, docs/adr/0076-public-pages-under-150-kib.md). The keys
// are handled here instead.
import {
  renderTabList_unstable,
  renderTab_unstable,
  useTabBase_unstable,
  useTabListBase_unstable,
  useTabListContextValues_unstable,
  useTabListContext_unstable,
  useTabListStyles_unstable,
  useTabStyles_unstable,
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
  useTabStyles_unstable(state);
  return renderTab_unstable(state);
});
