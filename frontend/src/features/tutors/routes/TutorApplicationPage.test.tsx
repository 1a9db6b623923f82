import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixture } from '@/testing/fixtures';
import { stubObjectUrls } from '@/testing/object-url';
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

  it('opens with the account’s name and phone, which stay editable', async () => {
    signedIn();
    const user = userEvent.setup();
    renderRoute('/tutor-application');
    const name = await screen.findByRole('textbox', { name: '姓名' });
    const phone = screen.getByRole('textbox', { name: '聯絡電話' });
    expect(name).toHaveValue('陳大文');
    expect(phone).toHaveValue('91234567');
    expect(screen.getByText('姓名及聯絡電話已按你的帳戶資料填寫，如有需要可以修改。')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '61234567');
    expect(phone).toHaveValue('61234567');
  });

  it('focuses the first missing field, and the subject chips when a subject is what is missing', async () => {
    signedIn();
    stubObjectUrls();
    let sent = false;
    server.use(
      http.post('*/profiles/:userId', () => {
        sent = true;
        return HttpResponse.json(pending, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/tutor-application');
    const submit = await screen.findByRole('button', { name: '提交申請' });
    await user.click(submit);
    // Name and phone came from the account: education is the first field left to fill.
    await waitFor(() => expect(screen.getByRole('textbox', { name: '學歷' })).toHaveFocus());
    expect(screen.getByText('請選擇最少一個任教科目')).toBeInTheDocument();
    expect(screen.getByText('請選擇最少一個教學模式')).toBeInTheDocument();
    expect(screen.getByText('請上載頭像')).toBeInTheDocument();

    await fillTextFields(user);
    await user.click(modeChips().getByRole('button', { name: '一對一' }));
    await user.upload(avatarInput(), avatarFile());
    await user.click(submit);
    const subjects = screen.getByRole('group', { name: '任教科目' });
    await waitFor(() => expect(subjects).toHaveFocus());
    // The message is read with the group; aria-invalid is for inputs only (ARIA 1.2).
    expect(subjects).not.toHaveAttribute('aria-invalid');
    expect(subjects).toHaveAccessibleDescription(expect.stringContaining('請選擇最少一個任教科目'));
    expect(sent).toBe(false);
  }, 60_000);

  it('picks subjects as chips across levels, types a tertiary one and stops at 12', async () => {
    signedIn();
    const user = userEvent.setup();
    renderRoute('/tutor-application');
    await screen.findByRole('button', { name: '提交申請' });
    const picker = within(screen.getByRole('group', { name: '任教科目' }));
    expect(picker.getByText('已選 0／12 個科目')).toBeInTheDocument();

    // The first level is open; another is one tap away.
    expect(picker.getByRole('button', { name: '小學' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(picker.getByRole('button', { name: '全科' }));
    await user.click(picker.getByRole('button', { name: '中學' }));
    const secondary = within(picker.getByRole('group', { name: '中學科目' }));
    await user.click(secondary.getByRole('button', { name: '數學' }));
    await user.click(secondary.getByRole('button', { name: '物理' }));
    expect(secondary.getByRole('button', { name: '數學' })).toHaveAttribute('aria-pressed', 'true');
    expect(picker.getByText('已選 3／12 個科目')).toBeInTheDocument();
    expect(picker.getByRole('button', { name: '移除小學 全科' })).toBeInTheDocument();

    // Tapping a chosen chip again, or its removable chip, takes it away.
    await user.click(secondary.getByRole('button', { name: '數學' }));
    expect(secondary.getByRole('button', { name: '數學' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(picker.getByRole('button', { name: '移除小學 全科' }));
    expect(picker.getByText('已選 1／12 個科目')).toBeInTheDocument();
    expect(picker.getAllByRole('button', { name: /^移除/ }).map((b) => b.textContent)).toEqual(['中學 物理']);

    // Tertiary has no list: the subject is typed, Enter or 加入 adds it.
    await user.click(picker.getByRole('button', { name: '大學或以上' }));
    expect(picker.queryByRole('group', { name: '大學或以上科目' })).not.toBeInTheDocument();
    const typed = picker.getByRole('textbox', { name: '大學或以上科目名稱' });
    await user.type(typed, '統計{Enter}');
    expect(picker.getByRole('button', { name: '移除大學或以上 統計' })).toBeInTheDocument();
    expect(typed).toHaveValue('');
    await user.type(typed, '甲,乙,丙,丁,戊,己,庚,辛,壬,癸,子,丑');
    await user.click(picker.getByRole('button', { name: '加入' }));
    expect(picker.getByText('已選 12／12 個科目')).toBeInTheDocument();
    expect(picker.getByText(/已選滿 12 個科目/)).toBeInTheDocument();
    expect(picker.queryByRole('button', { name: '移除大學或以上 丑' })).not.toBeInTheDocument();
    expect(typed).toBeDisabled();

    // Full: a free chip can be read but not added.
    await user.click(picker.getByRole('button', { name: '中學' }));
    const math = within(picker.getByRole('group', { name: '中學科目' })).getByRole('button', { name: '數學' });
    expect(math).toHaveAttribute('aria-disabled', 'true');
    await user.click(math);
    expect(math).toHaveAttribute('aria-pressed', 'false');
    expect(picker.getByText('已選 12／12 個科目')).toBeInTheDocument();
  }, 60_000);

  it('sends every chosen mode and district, first mode first, with an avatar it previewed', async () => {
    signedIn();
    const urls = stubObjectUrls();
    server.use(
      http.get('*/catalogue', () =>
        HttpResponse.json({
          ...catalogueFixture,
          teachingModes: [
            { key: 'one-to-one', label: '一對一' },
            { key: 'group', label: '小組' },
            { key: 'online', label: '視像補習' },
          ],
        }),
      ),
    );
    let sent: FormData | undefined;
    server.use(
      http.post('*/profiles/:userId', async ({ request, params }) => {
        expect(params.userId).toBe(me.id);
        sent = await request.formData();
        return HttpResponse.json(pending, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute('/tutor-application');
    const submit = await screen.findByRole('button', { name: '提交申請' });
    await fillTextFields(user);
    const picker = within(screen.getByRole('group', { name: '任教科目' }));
    await user.click(picker.getByRole('button', { name: '中學' }));
    await user.click(picker.getByRole('button', { name: '物理' }));
    await user.click(picker.getByRole('button', { name: '數學' }));

    await user.click(modeChips().getByRole('button', { name: '視像補習' }));
    await user.click(modeChips().getByRole('button', { name: '小組' }));
    await user.click(modeChips().getByRole('button', { name: '一對一' }));
    await user.click(modeChips().getByRole('button', { name: '小組' }));

    // No district chosen: the hint names the one the server will take from the area.
    const districts = screen.getByRole('group', { name: '授課地區' });
    expect(districts).toHaveAccessibleDescription(expect.stringContaining('觀塘區'));
    const kowloon = within(within(districts).getByRole('group', { name: '九龍' }));
    await user.click(kowloon.getByRole('button', { name: '觀塘區' }));
    await user.click(within(districts).getByRole('button', { name: '灣仔區' }));
    expect(kowloon.getByRole('button', { name: '觀塘區' })).toHaveAttribute('aria-pressed', 'true');

    expect(screen.queryByRole('img', { name: '頭像預覽' })).not.toBeInTheDocument();
    await user.upload(avatarInput(), avatarFile('first.png'));
    expect(await screen.findByRole('img', { name: '頭像預覽' })).toHaveAttribute('src', 'blob:preview-1');
    const second = avatarFile('second.png');
    await user.upload(avatarInput(), second);
    await waitFor(() => expect(screen.getByRole('img', { name: '頭像預覽' })).toHaveAttribute('src', 'blob:preview-2'));
    expect(urls.revoked).toEqual(['blob:preview-1']);
    await user.selectOptions(screen.getByRole('combobox', { name: '性別（選填）' }), 'female');
    await user.click(submit);

    expect(await screen.findByText(/申請成功/)).toBeInTheDocument();
    expect(sent?.get('name')).toBe('陳大文');
    expect(sent?.get('contactNumber')).toBe('91234567');
    expect(sent?.getAll('subjects')).toEqual(['中學 物理', '中學 數學']);
    expect(sent?.get('teachingMode')).toBe('online');
    expect(sent?.getAll('teachingModes')).toEqual(['online', 'one-to-one']);
    expect(sent?.getAll('teachingDistricts')).toEqual(['觀塘區', '灣仔區']);
    expect(sent?.get('teachingArea')).toBe('藍田');
    expect(sent?.get('gender')).toBe('female');
    // A file part; its bytes do not survive jsdom's File crossing into Node's fetch, so only its presence is checked.
    expect(typeof sent?.get('avatar')).toBe('object');
    // The message promises home in 2 s, with a link to go now; the promise is kept.
    expect(screen.getByRole('link', { name: '立即返回主頁' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
  }, 90_000);

  it('shows the server’s message on the mode chips and focuses them', async () => {
    signedIn();
    stubObjectUrls();
    server.use(
      http.post('*/profiles/:userId', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            error: '資料不正確',
            errors: [{ field: 'teachingMode', message: '教學模式「x」不正確' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/tutor-application');
    const submit = await screen.findByRole('button', { name: '提交申請' });
    await fillTextFields(user);
    const picker = within(screen.getByRole('group', { name: '任教科目' }));
    await user.click(picker.getByRole('button', { name: '全科' }));
    await user.click(modeChips().getByRole('button', { name: '一對一' }));
    await user.upload(avatarInput(), avatarFile());
    await user.click(submit);
    const modes = screen.getByRole('group', { name: '教學模式' });
    await waitFor(() => expect(modes).toHaveFocus());
    expect(within(modes.parentElement as HTMLElement).getByText('教學模式「x」不正確')).toBeInTheDocument();
    // Each error once: no banner repeating what the chips say.
    expect(screen.queryByText('資料不正確')).not.toBeInTheDocument();
    expect(screen.getAllByText('教學模式「x」不正確')).toHaveLength(1);
  }, 60_000);
});

function modeChips() {
  return within(screen.getByRole('group', { name: '教學模式' }));
}

/** The avatar's file input, named "頭像" by its field (and by the 上載頭像 button it lies over). */
function avatarInput() {
  return screen.getByLabelText(/^頭像/, { selector: 'input[type="file"]' });
}

function avatarFile(name = 'me.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

/** Every text field and the area, with short values (typing is slow on a busy machine). */
async function fillTextFields(user: ReturnType<typeof userEvent.setup>) {
  const fill = async (label: string, value: string) => {
    const box = screen.getByRole('textbox', { name: label });
    await user.clear(box);
    await user.type(box, value);
  };
  await fill('學歷', '港大');
  await fill('年齡', '24');
  await fill('教學經驗（年）', '3');
  await fill('每堂學費（HK$）', '300');
  await fill('可上堂時間', '週末');
  await fill('考試成績', '5**');
  await fill('課程特色', '耐心');
  await fill('自我介紹', '你好');
  await user.selectOptions(screen.getByRole('combobox', { name: '主要教學地點' }), '藍田');
}
