import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCase } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { CaseCard } from './CaseCard';

describe('CaseCard', () => {
  it('shows subject, location with district, fee per lesson and the case number', async () => {
    renderWithProviders(<CaseCard item={makeCase({ caseId: 10234, rate: 300 })} />);
    expect(await screen.findByRole('heading', { name: '中三 數學' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '中三 數學' })).toHaveAttribute('href', '/case/10234');
    expect(screen.getByText('中三數學補習')).toBeInTheDocument();
    expect(screen.getByText('希望提升代數')).toBeInTheDocument();
    expect(screen.getByText('藍田（觀塘區）')).toBeInTheDocument();
    expect(screen.getByText('HK$300')).toBeInTheDocument();
    expect(screen.getByText('個案編號 10234')).toBeInTheDocument();
    expect(screen.getByText('每堂 90 分鐘・每週 2 堂')).toBeInTheDocument();
    expect(screen.getByText('2026年11月20日 刊登')).toBeInTheDocument();
  });

  it('shows 未填寫 for each missing value', async () => {
    const item = makeCase({
      subject: '',
      location: undefined as unknown as string,
      district: undefined as unknown as string,
      rate: undefined as unknown as number,
    });
    renderWithProviders(<CaseCard item={item} />);
    expect(await screen.findByRole('heading', { name: '未填寫' })).toBeInTheDocument();
    expect(screen.getAllByText('未填寫')).toHaveLength(3);
  });

  // The apply action itself is matching's (CaseApplyAction.test.tsx); the card shows what it is given.
  it('shows the action it is given for its case', async () => {
    renderWithProviders(
      <CaseCard
        item={makeCase({ caseId: 10234 })}
        action={(item, size) => <button>{`${item.caseId} ${size}`}</button>}
      />,
    );
    expect(await screen.findByRole('button', { name: '10234 medium' })).toBeInTheDocument();
  });
});
