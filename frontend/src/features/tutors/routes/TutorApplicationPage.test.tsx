import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';
import { server } from '@/testing/server';
import { renderRoute } from '@/testing/render';

const me = {
  id: '00000000-0000-4000-8000-00000000aaaa',
  userId: 1024,
  role: 'user',
  accountType: 'student',
  isTutor: false,
  isTutorProfileActive: false,
  name: '陳大文',
  phone: '+85291234567',
  email: 'a@example.com',
  birthdate: '2000-01-01',
  userType: 'individual',
  createdAt: '2026-11-01T00:00:00Z',
};

const pending = {
  id: 'x',
  applicationId: 7,
  status: 'pending',
  statusLabel: '審批中',
  submittedAt: '2026-11-20T00:00:00Z',
  name: '陳大文',
  contactNumber: '+85291234567',
  education: '港大',
  age: 24,
  teachingExperience: 3,
  subjects: ['中學 數學'],
  examResults: '5**',
  courseFeatures: '耐心',
  teachingArea: '藍田',
  teachingSchedule: '週末',
  teachingMode: 'one-to-one',
  requiredFee: 300,
  bio: '你好',
  avatar: '/media/avatars/a.png',
};

beforeAll(stubResizeObserver);

function signedIn(application?: object) {
  localStorage.setItem('authToken', 'token');
  server.use(
    http.get('*/self-users/me', () => HttpResponse.json(me)),
    http.get('*/profiles/me/application', () => HttpResponse.json(application ? { application } : {})),
  );
}

describe('/tutor-application', () => {
  it('sends a visitor without a session to login', async () => {
    const { router } = renderRoute('/tutor-application');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-or-register'));
  });

  it('shows a pending application and offers no second form', async () => {
    signedIn(pending);
    renderRoute('/tutor-application');
    expect(await screen.findByText('審批中')).toBeInTheDocument();
    expect(screen.getByText('申請編號 7', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交申請' })).not.toBeInTheDocument();
  });

  it('shows the rejection reason and lets the user apply again', async () => {
    signedIn({ ...pending, status: 'rejected', statusLabel: '已拒絕', rejectionReason: '資料不足' });
    renderRoute('/tutor-application');
    expect(await screen.findByText('原因：資料不足')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '提交申請' })).toBeInTheDocument();
  });

  it('checks required fields before sending, then submits multipart with trimmed subjects', async () => {
    signedIn();
    let sent: FormData | undefined;
    server.use(
      http.post('*/profiles/:userId', async ({ request, params }) => {
        expect(params.userId).toBe(me.id);
        sent = await request.formData();
        return HttpResponse.json(pending, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/tutor-application');
    const submit = await screen.findByRole('button', { name: '提交申請' });
    await user.click(submit);
    expect(await screen.findByText('請上載頭像')).toBeInTheDocument();
    expect(screen.getByText('請填寫姓名')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    const fill = async (label: string, value: string) => {
      const box = screen.getByRole('textbox', { name: label });
      await user.clear(box);
      await user.type(box, value);
    };
    await fill('姓名', '陳大文');
    await fill('聯絡電話', '91234567');
    await fill('學歷', '港大');
    await fill('年齡', '24');
    await fill('教學經驗（年）', '3');
    await fill('每堂學費（HK$）', '300');
    await fill('任教科目', ' 中學 數學 , 中學 物理 ');
    await fill('可上堂時間', '週末');
    await fill('考試成績', '5**');
    await fill('課程特色', '耐心');
    await fill('自我介紹', '你好');
    await user.selectOptions(screen.getByRole('combobox', { name: '教授地區' }), '藍田');
    await user.selectOptions(screen.getByRole('combobox', { name: '教學模式' }), 'one-to-one');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('頭像'), file);
    await user.click(submit);

    expect(await screen.findByText(/申請成功/)).toBeInTheDocument();
    expect(sent?.getAll('subjects')).toEqual(['中學 數學', '中學 物理']);
    expect(sent?.get('teachingArea')).toBe('藍田');
    expect(typeof sent?.get('avatar')).toBe('object');
  }, 60_000);
});
