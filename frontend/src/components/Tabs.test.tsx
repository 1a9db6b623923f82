import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { Tab, TabList } from './Tabs';

function tabs(onTabSelect = vi.fn()) {
  renderWithProviders(
    <TabList selectedValue="b" onTabSelect={onTabSelect} aria-label="tabs">
      <Tab value="a">A</Tab>
      <Tab value="b">B</Tab>
      <Tab value="c">C</Tab>
    </TabList>,
  );
  return onTabSelect;
}

describe('Tabs', () => {
  it('reads as Fluent tabs, the selected one the single tab stop', () => {
    tabs();
    expect(screen.getByRole('tablist', { name: 'tabs' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'B' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'A' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'B' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'A' })).toHaveAttribute('tabindex', '-1');
  });

  it('moves with the arrow keys round the ends, Home and End, and selects on Enter or a click', async () => {
    const onTabSelect = tabs();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'B' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'C' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'A' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'C' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'A' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'C' })).toHaveFocus();
    expect(onTabSelect).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onTabSelect).toHaveBeenLastCalledWith(expect.anything(), { value: 'c' });
    await user.click(screen.getByRole('tab', { name: 'A' }));
    expect(onTabSelect).toHaveBeenLastCalledWith(expect.anything(), { value: 'a' });
  });
});
