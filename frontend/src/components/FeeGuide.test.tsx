import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { FeeGuide } from './FeeGuide';

const sample = { level: 'secondary', grade: '中三', subject: '數學', region: '九龍' };

const middleHalf = { scope: 'subject', count: 42, lowerQuartile: 220, median: 240, upperQuartile: 260, minSample: 20 };

/** A fee field and its guide, as a form holds them: typing changes only the fee. */
function FeeField() {
  const [fee, setFee] = useState('');
  return (
    <>
      <input aria-label="fee" value={fee} onChange={(event) => setFee(event.target.value)} />
      <FeeGuide sample={sample} hourly={fee === '' ? undefined : Number(fee)} audience="parent" />
    </>
  );
}

describe('the fee guide beside a fee field', () => {
  it('shows the middle half and the median, and where the typed fee sits as it changes', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/cases/fee-guide', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(middleHalf);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<FeeField />);
    expect(
      await screen.findByText('同類個案每小時學費：中間一半介乎 HK$220 至 HK$260，中位數為 HK$240'),
    ).toBeInTheDocument();
    expect(screen.getByText('根據 42 個相同科目的已審批個案，以每小時計算。')).toBeInTheDocument();
    const fee = screen.getByRole('textbox', { name: 'fee' });
    await user.type(fee, '180');
    expect(screen.getByText('低於大部分同類個案，申請的導師可能較少。')).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '240');
    expect(screen.getByText('與大部分同類個案相若。')).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '400');
    expect(screen.getByText('高於大部分同類個案。')).toBeInTheDocument();
    // Typing the fee asks nothing more: the sample did not change.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('subject=%E6%95%B8%E5%AD%B8');
  });

  it('says the figures are rough when few compare, and when none do', async () => {
    server.use(
      http.get('*/cases/fee-guide', ({ request }) =>
        new URL(request.url).searchParams.get('level') === 'primary'
          ? HttpResponse.json({ scope: 'level', count: 0, minSample: 20 })
          : HttpResponse.json({
              scope: 'level-region',
              count: 5,
              lowerQuartile: 200,
              median: 210,
              upperQuartile: 230,
              minSample: 20,
            }),
      ),
    );
    const { rerender } = renderWithProviders(<FeeGuide sample={sample} hourly={undefined} audience="parent" />);
    expect(
      await screen.findByText(/根據 5 個同一區域、相同教育程度的已審批個案.*同類個案較少，只供參考。/),
    ).toBeInTheDocument();
    rerender(<FeeGuide sample={{ level: 'primary' }} hourly={undefined} audience="parent" />);
    expect(await screen.findByText('暫時未有同類個案可作參考。')).toBeInTheDocument();
  });

  it('rounds fees per hour worked out from fees per lesson to whole dollars', async () => {
    server.use(
      http.get('*/cases/fee-guide', () =>
        HttpResponse.json({ ...middleHalf, lowerQuartile: 433.3333, median: 466.6667, upperQuartile: 520.5 }),
      ),
    );
    renderWithProviders(<FeeGuide sample={sample} hourly={undefined} audience="parent" />);
    expect(
      await screen.findByText('同類個案每小時學費：中間一半介乎 HK$433 至 HK$521，中位數為 HK$467'),
    ).toBeInTheDocument();
  });

  it("words a high fee as a tutor's ask, not a parent's offer", async () => {
    server.use(http.get('*/cases/fee-guide', () => HttpResponse.json(middleHalf)));
    renderWithProviders(<FeeGuide sample={sample} hourly={400} audience="tutor" />);
    expect(await screen.findByText('高於大部分同類個案，家長未必揀選。')).toBeInTheDocument();
  });

  it('asks nothing before a level is chosen', () => {
    server.use(
      http.get('*/cases/fee-guide', () => {
        throw new Error('asked without a level');
      }),
    );
    renderWithProviders(<FeeGuide sample={{}} hourly={300} audience="parent" />);
    expect(screen.queryByTestId('fee-guide')).not.toBeInTheDocument();
  });
});
