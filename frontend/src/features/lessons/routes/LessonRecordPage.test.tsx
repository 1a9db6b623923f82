import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ArrangementBody, ArrangementSide, LessonBody } from '@/api/generated/model';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs } from '@/testing/session';

const inThreeDays = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();

function lesson(number: number, overrides: Partial<LessonBody> = {}): LessonBody {
  return {
    number,
    startsAt: '2026-11-30T11:00:00Z',
    minutes: 90,
    status: 'recorded',
    recordedBy: 'tutor',
    recordedAt: '2026-11-30T13:00:00Z',
    answerBy: inThreeDays,
    late: false,
    ...overrides,
  };
}

function arrangement(side: ArrangementSide, lessons: LessonBody[]): ArrangementBody {
  return {
    id: 'a1',
    kind: 'match',
    caseId: 10234,
    tutorName: '黃老師',
    familyName: '陳太',
    side,
    feePerLesson: 350,
    since: '2026-11-20T04:00:00Z',
    lessons,
    totals: { held: 1, minutes: 60, tuition: 350 },
    canReopen: false,
  };
}

describe('/lesson-record/:id', () => {
  it('shows the family the totals and lets them confirm or dispute a recorded lesson', async () => {
    loggedInAs();
    let current = arrangement('family', [
      lesson(2),
      lesson(1, { status: 'confirmed', confirmedBy: 'timeout', minutes: 60 }),
    ]);
    const answers: string[] = [];
    server.use(
      http.get('*/arrangements/a1', () => HttpResponse.json(current)),
      http.post('*/lessons/2/dispute', async ({ request }) => {
        const { reason } = (await request.json()) as { reason: string };
        if (!reason.trim())
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              error: '請填寫異議原因',
              errors: [{ field: 'reason', message: '請填寫異議原因' }],
            },
            { status: 400 },
          );
        answers.push(`dispute:${reason}`);
        current = arrangement('family', [lesson(2, { status: 'disputed', reason }), ...current.lessons.slice(1)]);
        return HttpResponse.json(current.lessons[0]);
      }),
    );
    const user = userEvent.setup();
    renderRoute('/lesson-record/a1');
    expect(await screen.findByText('已確認 1 堂，共 60 分鐘')).toBeInTheDocument();
    expect(screen.getByText('議定學費：每堂 HK$350')).toBeInTheDocument();
    expect(screen.getByText('逾時自動確認')).toBeInTheDocument();
    // Only the tutor records lessons.
    expect(screen.queryByRole('button', { name: '記錄這一堂' })).not.toBeInTheDocument();
    const [recorded] = (await screen.findAllByTestId('lesson')) as [HTMLElement];
    expect(within(recorded).getByRole('button', { name: '確認上堂' })).toBeInTheDocument();
    await user.click(within(recorded).getByRole('button', { name: '提出異議' }));
    await user.click(within(recorded).getByRole('button', { name: '提交異議' }));
    expect(await within(recorded).findByText('請填寫異議原因')).toBeInTheDocument();
    await user.type(within(recorded).getByRole('textbox', { name: '異議原因' }), '當日沒有上堂');
    await user.click(within(recorded).getByRole('button', { name: '提交異議' }));
    expect(await screen.findByText('原因：當日沒有上堂')).toBeInTheDocument();
    expect(answers).toEqual(['dispute:當日沒有上堂']);
  });

  it('lets the tutor record a lesson at a Hong Kong date and time, and asks for the date first', async () => {
    loggedInAs();
    let recorded: unknown;
    server.use(
      http.get('*/arrangements/a1', () => HttpResponse.json(arrangement('tutor', []))),
      http.post('*/arrangements/a1/lessons', async ({ request }) => {
        recorded = await request.json();
        return HttpResponse.json(lesson(3));
      }),
    );
    const user = userEvent.setup();
    renderRoute('/lesson-record/a1');
    await user.click(await screen.findByRole('button', { name: '記錄這一堂' }));
    expect(screen.getByText('請選擇上堂日期')).toBeInTheDocument();
    expect(recorded).toBeUndefined();
    const date = screen.getByRole('group', { name: '上堂日期' });
    const year = String(new Date().getFullYear());
    await user.selectOptions(within(date).getByRole('combobox', { name: '年' }), year);
    await user.selectOptions(within(date).getByRole('combobox', { name: '月' }), '01');
    await user.selectOptions(within(date).getByRole('combobox', { name: '日' }), '05');
    await user.selectOptions(screen.getByRole('combobox', { name: '開始時間' }), '18:30');
    await user.clear(screen.getByRole('spinbutton', { name: '時長（分鐘）' }));
    await user.type(screen.getByRole('spinbutton', { name: '時長（分鐘）' }), '60');
    await user.click(screen.getByRole('button', { name: '記錄這一堂' }));
    await waitFor(() => expect(recorded).toEqual({ startsAt: `${year}-01-05T18:30:00+08:00`, minutes: 60 }));
    expect(await screen.findByText('已記錄，學生／家長會收到通知確認。')).toBeInTheDocument();
  });

  it('says the arrangement is not found for anyone else', async () => {
    loggedInAs();
    server.use(
      http.get('*/arrangements/a1', () =>
        HttpResponse.json({ code: 'NOT_FOUND', error: '找不到這個補習安排' }, { status: 404 }),
      ),
    );
    renderRoute('/lesson-record/a1');
    expect(await screen.findByText('找不到這個補習安排，或你不是其中一方。')).toBeInTheDocument();
  });

  it('ends an arrangement after asking, then lets the family open the case again', async () => {
    loggedInAs();
    let current = arrangement('family', []);
    const sent: unknown[] = [];
    server.use(
      http.get('*/arrangements/a1', () => HttpResponse.json(current)),
      http.post('*/arrangements/a1/end', async ({ request }) => {
        sent.push(await request.json());
        current = {
          ...current,
          ended: { endedBy: 'family', reason: 'teaching', note: '講解太快', endedAt: '2026-11-27T10:00:00Z' },
          canReopen: true,
        };
        return HttpResponse.json(current);
      }),
      http.post('*/arrangements/a1/reopen', () => HttpResponse.json({ caseId: 10234 })),
    );
    const user = userEvent.setup();
    renderRoute('/lesson-record/a1');
    await user.click(await screen.findByRole('button', { name: '結束補習安排' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '結束的原因' }), 'teaching');
    await user.type(screen.getByRole('textbox', { name: /補充說明/ }), '講解太快');
    const buttons = screen.getAllByRole('button', { name: '結束補習安排' });
    await user.click(buttons[buttons.length - 1]!);
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: '確定結束' }));
    expect(await screen.findByText(/由學生／家長結束：教學未如理想：講解太快/)).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'teaching', note: '講解太快' }]);
    expect(screen.queryByRole('button', { name: '記錄這一堂' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重新開放個案' }));
    expect(await screen.findByText('個案編號 10234 已重新開放，其他申請的導師已重新列出。')).toBeInTheDocument();
  });
});
