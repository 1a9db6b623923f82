import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PublicTutor } from '@/api/generated/model';
import { makeTutor } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { server } from '@/testing/server';
import { TutorProfilePage } from './TutorProfilePage';

const tutor = makeTutor({
  teachingModes: [
    { key: 'one-to-one', label: '一對一' },
    { key: 'online', label: '視像補習' },
  ],
  teachingDistricts: ['觀塘區', '灣仔區'],
});

/** The page alone: the booking box below it belongs to the bookings feature and is left out. */
function renderProfile(data: PublicTutor) {
  server.use(http.get(`*/tutors/${data.id}`, () => HttpResponse.json(data)));
  renderRoutes(
    [{ path: '/tutor/:id', element: <TutorProfilePage bookingBox={() => null} reviews={() => null} /> }],
    `/tutor/${data.id}`,
  );
}

/** The value beside a label in the profile's facts (a list named 導師資料). */
function fact(label: string): string | null | undefined {
  const facts = within(screen.getByLabelText('導師資料'));
  return facts.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('/tutor/{id} rating', () => {
  it('shows the average stars and how many reviews, or that there are none yet', async () => {
    renderProfile({ ...tutor, reviewCount: 12, averageRating: 4.5 });
    expect(await screen.findByRole('img', { name: '平均 4.5 星，共 12 則評價' })).toBeInTheDocument();
  });

  it('says 未有評價 without reviews', async () => {
    renderProfile(tutor);
    await screen.findByRole('heading', { level: 1, name: '黃老師' });
    expect(screen.getByText('未有評價')).toBeInTheDocument();
  });
});

describe('/tutor/{id} teaching facts', () => {
  it('lists every teaching mode, first one first, and the districts taught in', async () => {
    renderProfile(tutor);
    await screen.findByRole('heading', { level: 1, name: '黃老師' });
    expect(fact('教學模式')).toBe('一對一、視像補習');
    expect(fact('授課地區')).toBe('觀塘區、灣仔區');
  });

  it('says 女 when the tutor gave their gender, and nothing when not', async () => {
    renderProfile({ ...tutor, gender: 'female' });
    await screen.findByRole('heading', { level: 1, name: '黃老師' });
    expect(fact('性別')).toBe('女');
  });

  it('has no gender line for a tutor who kept it', async () => {
    renderProfile(tutor);
    await screen.findByRole('heading', { level: 1, name: '黃老師' });
    expect(within(screen.getByLabelText('導師資料')).queryByText('性別', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('falls back to the one mode and the area’s district for a profile without the lists', async () => {
    renderProfile({ ...tutor, teachingModes: [], teachingDistricts: [] });
    await screen.findByRole('heading', { level: 1, name: '黃老師' });
    expect(fact('教學模式')).toBe('一對一');
    expect(fact('授課地區')).toBe('觀塘區');
  });
});

describe('/tutor/{id} record and fee', () => {
  it('says a tutor with nothing on record yet is new, not "接受 0 次預約"', async () => {
    renderProfile({
      ...tutor,
      record: { matchedCases: 0, acceptedBookings: 0, lessonsHeld: 0, memberSince: '2026-11-01T00:00:00Z' },
    });
    const record = await screen.findByLabelText('在 tutorhub 的紀錄');
    expect(record).toHaveTextContent('新導師・2026年11月加入');
    expect(record).not.toHaveTextContent(/ 0 /);
  });

  it('shows only the counts above 0 of a tutor with some record', async () => {
    renderProfile({
      ...tutor,
      record: { matchedCases: 2, acceptedBookings: 0, lessonsHeld: 0, memberSince: '2026-09-01T00:00:00Z' },
    });
    expect(await screen.findByLabelText('在 tutorhub 的紀錄')).toHaveTextContent('成功配對 2 個個案・2026年9月加入');
  });

  it('says "per lesson" once: the label is 學費, the value 每堂 HK$…', async () => {
    renderProfile({ ...tutor, rate: 450 });
    await screen.findByRole('heading', { level: 1, name: '黃老師' });
    expect(fact('學費')).toBe('每堂 HK$450');
    expect(screen.queryByText('每堂學費')).not.toBeInTheDocument();
  });
});
