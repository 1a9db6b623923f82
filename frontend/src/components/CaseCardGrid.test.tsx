import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CaseSummary } from '@/api/generated/model';
import { makeCase } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { CaseCardGrid } from './CaseCardGrid';

const items: CaseSummary[] = [makeCase({ caseId: 10234 }), makeCase({ caseId: 10235 })];
const words = ['數學'];

/** A page that renders again on a tap, as a board does each time its SWR answer changes state. */
function Page({ action }: { action: (item: CaseSummary) => null }) {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button onClick={() => setRenders(renders + 1)}>{`again ${renders}`}</button>
      <CaseCardGrid items={items} label="個案" words={words} action={action} />
    </>
  );
}

describe('CaseCardGrid', () => {
  it('does not render its cards again when the page around it does, with the same cases', async () => {
    const action = vi.fn(() => null);
    renderWithProviders(<Page action={action} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    const first = action.mock.calls.length;
    expect(first).toBeGreaterThanOrEqual(2);

    fireEvent.click(screen.getByRole('button', { name: 'again 0' }));
    expect(await screen.findByRole('button', { name: 'again 1' })).toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(first);
  });
});
