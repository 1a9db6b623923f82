import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceBody, InvoiceListBody } from '@/api/generated/model';
import { renderRoute } from '@/testing/render';
import { server } from '@/testing/server';
import { loggedInAs, makeCurrentUser } from '@/testing/session';

const tutor = makeCurrentUser({ role: 'tutor', isTutor: true, isTutorProfileActive: true, name: '黃老師' });
const NUMBER = 'INV-2026-000123';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';

/** An invoice of HK$700 (HK$350 a lesson, twice a week) 10 days overdue, as `GET /invoices/{number}` answers. */
function makeInvoice(overrides: Partial<InvoiceBody> = {}): InvoiceBody {
  return {
    number: NUMBER,
    caseId: 10234,
    status: 'overdue',
    issuedAt: '2026-11-01T06:00:00Z',
    dueOn: '2026-11-08',
    fee: { amountCents: 140_000, feePerLessonCents: 35_000, lessonsPerWeek: 2, shareWeeks: 4, sharePercent: 50 },
    balanceCents: 140_920,
    daysOverdue: 10,
    payer: '黃老師',
    firstLessonAt: '2026-10-31T11:00:00Z',
    statementOn: '2026-11-18',
    lines: [
      {
        kind: 'fee',
        on: '2026-11-01',
        amountCents: 140_000,
        reason: '服務費：每堂 HK$350.00 × 每週 2 堂 × 4 星期 ÷ 2',
        accrued: false,
      },
      {
        kind: 'interest',
        on: '2026-11-18',
        amountCents: 920,
        reason: '2026-11-09 至 2026-11-18（10 日）：逾期本金 HK$1,400.00 × 每月 2% × 12 ÷ 365 × 10',
        accrued: true,
      },
    ],
    principalCents: 140_000,
    dueChanges: [
      {
        from: '2026-11-05',
        to: '2026-11-08',
        reason: '導師申請延期',
        at: '2026-11-04T02:00:00Z',
      },
    ],
    proofs: [],
    fps: {
      payload: '00020101021226330012hk.com.hkicl0313tutorhub5204000053033445406140920',
      svg: SVG,
      amountCents: 140_920,
      payee: 'billing@tutorhub.hk',
      payeeName: 'tutorhub',
    },
    interestBasisPointsPerMonth: 200,
    penaltyPercent: 10,
    penaltyDay: 11,
    ...overrides,
  };
}

/** The same invoice paid in full by FPS: its receipt's number, no QR code. */
function paidInvoice(): InvoiceBody {
  const invoice = makeInvoice();
  return {
    ...invoice,
    status: 'paid',
    balanceCents: 0,
    daysOverdue: 0,
    receiptNumber: 'RCT-2026-000123',
    fps: undefined,
    settledOn: '2026-11-18',
    settledMethod: 'fps',
    lines: [
      ...invoice.lines.map((line) => ({ ...line, accrued: false })),
      {
        kind: 'payment',
        on: '2026-11-18',
        amountCents: -140_920,
        reason: '轉數快付款',
        method: 'fps',
        reference: 'FPS80000123',
        accrued: false,
      },
    ],
  };
}

function serveInvoice(invoice: () => InvoiceBody) {
  server.use(http.get(`*/invoices/${NUMBER}`, () => HttpResponse.json(invoice())));
}

describe('/my-invoices', () => {
  it('lists the invoices still owed first with what they owe today, then the settled ones, each a link', async () => {
    loggedInAs(tutor);
    const paid = paidInvoice();
    const list: InvoiceListBody = {
      invoices: [
        {
          ...makeInvoice({
            number: 'INV-2026-000130',
            caseId: 10240,
            status: 'open',
            daysOverdue: 0,
            balanceCents: 60_000,
          }),
        },
        { ...paid, number: 'INV-2026-000123' },
      ],
      dueTodayCents: 60_000,
    };
    server.use(http.get('*/invoices', () => HttpResponse.json(list)));
    renderRoute('/my-invoices');
    expect(await screen.findByRole('heading', { level: 1, name: '我的發票' })).toBeInTheDocument();
    expect(await screen.findByTestId('due-today')).toHaveTextContent('今日合共應付HK$600.00');
    const unsettled = screen.getByRole('region', { name: '未繳清' });
    const open = within(unsettled).getByTestId('invoice');
    expect(within(open).getByRole('link', { name: 'INV-2026-000130' })).toHaveAttribute(
      'href',
      '/my-invoices/INV-2026-000130',
    );
    expect(within(open).getByText('待繳付')).toBeInTheDocument();
    expect(within(open).getByText('個案編號 10240')).toBeInTheDocument();
    expect(within(open).getByText('2026年11月8日')).toBeInTheDocument();
    expect(within(open).getByText('HK$1,400.00')).toBeInTheDocument();
    expect(within(open).getByText('HK$600.00')).toBeInTheDocument();
    const settled = screen.getByRole('region', { name: '已結清' });
    expect(within(settled).getByText('已繳清')).toBeInTheDocument();
    expect(within(settled).queryByText('今日應付')).not.toBeInTheDocument();
  });

  it('says when there is nothing to pay', async () => {
    loggedInAs(tutor);
    server.use(http.get('*/invoices', () => HttpResponse.json({ invoices: [], dueTodayCents: 0 })));
    renderRoute('/my-invoices');
    expect(await screen.findByText('暫時未有發票')).toBeInTheDocument();
    expect(screen.getByText('你沒有未繳的服務費。')).toBeInTheDocument();
  });

  it('is behind the login', () => {
    const { router } = renderRoute('/my-invoices');
    expect(router.state.location.pathname).toBe('/login-or-register');
  });
});

describe('/my-invoices/:number', () => {
  it('shows the facts, the fee worked out, the statement with its accrued charge and the due-date move', async () => {
    loggedInAs(tutor);
    serveInvoice(() => makeInvoice());
    renderRoute(`/my-invoices/${NUMBER}`);
    const summary = await screen.findByTestId('invoice-summary');
    expect(within(summary).getByRole('heading', { name: NUMBER })).toBeInTheDocument();
    expect(within(summary).getByText('已逾期')).toBeInTheDocument();
    const facts = within(summary).getByLabelText('發票資料');
    for (const text of ['10234', '黃老師', '2026年11月1日', '2026年11月8日']) {
      expect(within(facts).getByText(text)).toBeInTheDocument();
    }
    expect(within(summary).getByTestId('owed-today')).toHaveTextContent('今日應付HK$1,409.20計至 2026年11月18日');
    expect(within(summary).getByText('已逾期 10 日，逾期利息按日累計。')).toBeInTheDocument();
    expect(screen.getByTestId('fee-computed')).toHaveTextContent('每堂學費 HK$350 × 每週 2 堂 × 4 星期 ÷ 2 = HK$1,400');
    expect(screen.getByTestId('fee-computed')).toHaveTextContent('每月 2% 收取利息');

    const lines = within(screen.getByRole('list', { name: '結單明細' })).getAllByTestId('invoice-line');
    expect(lines).toHaveLength(2);
    const [fee, interest] = lines as [HTMLElement, HTMLElement];
    expect(within(fee).getByText('服務費')).toBeInTheDocument();
    expect(within(fee).getByText('HK$1,400.00')).toBeInTheDocument();
    expect(within(fee).getByText('2026年11月1日')).toBeInTheDocument();
    expect(within(fee).queryByText('計至今日')).not.toBeInTheDocument();
    expect(within(interest).getByText('逾期利息')).toBeInTheDocument();
    expect(within(interest).getByText('計至今日')).toBeInTheDocument();
    expect(within(interest).getByText('HK$9.20')).toBeInTheDocument();
    expect(within(interest).getByText(/逾期本金 HK\$1,400\.00 × 每月 2%/)).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('結欠HK$1,409.20');
    expect(screen.getByTestId('due-changes')).toHaveTextContent('由 2026年11月5日 改為 2026年11月8日：導師申請延期');
    expect(screen.queryByRole('link', { name: '查看收據' })).not.toBeInTheDocument();
  });

  it('shows the FPS QR code as an image of the server’s SVG, the amount, and copies the payload', async () => {
    loggedInAs(tutor);
    serveInvoice(() => makeInvoice());
    const user = userEvent.setup();
    renderRoute(`/my-invoices/${NUMBER}`);
    const fps = await screen.findByTestId('fps');
    const qr = within(fps).getByRole('img', { name: `轉數快二維碼：繳付發票 ${NUMBER} 的 HK$1,409.20` });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    // The SVG is never put in the page as markup.
    expect(fps.querySelector('svg[viewBox="0 0 29 29"]')).toBeNull();
    expect(within(fps).getByTestId('fps-amount')).toHaveTextContent('HK$1,409.20');
    // For a transfer typed in by hand, and for a phone that scans from its photos.
    expect(within(fps).getByText('收款人：tutorhub（轉數快：billing@tutorhub.hk）')).toBeInTheDocument();
    expect(within(fps).getByRole('button', { name: '儲存二維碼圖片' })).toBeInTheDocument();
    const payload = within(fps).getByRole('textbox', { name: '轉數快付款碼' });
    expect(payload).toHaveValue(makeInvoice().fps?.payload);
    expect(payload).toHaveAttribute('readonly');
    await user.click(within(fps).getByRole('button', { name: '複製付款碼' }));
    await waitFor(() => expect(within(fps).getByText('已複製付款碼')).toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(makeInvoice().fps?.payload);
  });

  it('uploads a proof as multipart and lists it; refuses a file that is not an image and shows the server’s field messages', async () => {
    loggedInAs(tutor);
    let current = makeInvoice();
    const received: { reference: FormDataEntryValue | null; file: FormDataEntryValue | null }[] = [];
    serveInvoice(() => current);
    let answer: 'ok' | 'invalid' | 'limit' = 'invalid';
    server.use(
      http.post(`*/invoices/${NUMBER}/proofs`, async ({ request }) => {
        const form = await request.formData();
        received.push({ reference: form.get('reference'), file: form.get('file') });
        if (answer === 'invalid')
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              error: '付款證明只接受 JPEG、PNG 或 WebP 圖片（例如轉賬紀錄的截圖）',
              errors: [{ field: 'file', message: '付款證明只接受 JPEG、PNG 或 WebP 圖片（例如轉賬紀錄的截圖）' }],
            },
            { status: 400 },
          );
        if (answer === 'limit')
          return HttpResponse.json({ code: 'PROOF_LIMIT', error: '每張發票最多可上載 5 份付款證明' }, { status: 409 });
        current = {
          ...current,
          proofs: [{ reference: String(form.get('reference')), uploadedAt: '2026-11-18T04:30:00Z' }],
        };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderRoute(`/my-invoices/${NUMBER}`);
    const form = within(await screen.findByTestId('proof-form'));
    const input = form.getByLabelText('付款紀錄截圖', { selector: 'input' });
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    // Nothing chosen, nothing typed: both are asked for, nothing is sent.
    await user.click(form.getByRole('button', { name: '上載證明' }));
    expect(form.getByText('請選擇付款紀錄的截圖')).toBeInTheDocument();
    expect(form.getByText('請填寫轉數快的參考編號')).toBeInTheDocument();

    // A text file is refused before it is sent.
    await user.upload(input, new File(['hello'], 'note.txt', { type: 'text/plain' }));
    expect(form.getByText('付款證明只接受 JPEG、PNG 或 WebP 圖片（例如轉賬紀錄的截圖）')).toBeInTheDocument();

    // A file that only claims to be an image: the server's field message shows under the field.
    await user.upload(input, new File(['not really'], 'proof.png', { type: 'image/png' }));
    expect(form.getByText(/已選擇：proof\.png/)).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /轉數快參考編號/ }), 'FPS123456');
    await user.click(form.getByRole('button', { name: '上載證明' }));
    expect(await form.findByText('付款證明只接受 JPEG、PNG 或 WebP 圖片（例如轉賬紀錄的截圖）')).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]?.reference).toBe('FPS123456');
    expect(received[0]?.file).toHaveProperty('type', 'image/png');

    // The limit is the server's to say, in a banner.
    answer = 'limit';
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' }));
    await user.click(form.getByRole('button', { name: '上載證明' }));
    expect(await form.findByRole('alert')).toHaveTextContent('每張發票最多可上載 5 份付款證明');

    answer = 'ok';
    await user.click(form.getByRole('button', { name: '上載證明' }));
    expect(await form.findByText('已上載付款證明。客服核對後會更新這張發票。')).toBeInTheDocument();
    const proofs = await screen.findByTestId('proofs');
    expect(within(proofs).getByText('參考編號 FPS123456・2026年11月18日 12:30 上載')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /轉數快參考編號/ })).toHaveValue('');
  });

  it('links a paid invoice to its receipt, with no QR code or proof form', async () => {
    loggedInAs(tutor);
    serveInvoice(paidInvoice);
    renderRoute(`/my-invoices/${NUMBER}`);
    expect(await screen.findByRole('link', { name: '查看收據' })).toHaveAttribute(
      'href',
      `/my-invoices/${NUMBER}/receipt`,
    );
    expect(screen.getByText('已繳清')).toBeInTheDocument();
    expect(screen.queryByTestId('fps')).not.toBeInTheDocument();
    expect(screen.queryByTestId('proof-form')).not.toBeInTheDocument();
    const payment = screen.getAllByTestId('invoice-line')[2] as HTMLElement;
    expect(within(payment).getByText('-HK$1,409.20')).toBeInTheDocument();
    expect(within(payment).getByText('轉數快・參考編號 FPS80000123')).toBeInTheDocument();
  });

  it('shows what was paid twice as owed back, not as a debt', async () => {
    loggedInAs(tutor);
    serveInvoice(() => ({ ...paidInvoice(), balanceCents: -20_000, fps: undefined }));
    renderRoute(`/my-invoices/${NUMBER}`);
    const balance = await screen.findByTestId('balance');
    expect(balance).toHaveTextContent('多付（待退還）HK$200');
    expect(screen.getByTestId('owed-today')).toHaveTextContent('HK$0');
    expect(screen.queryByTestId('proof-form')).not.toBeInTheDocument();
  });

  it('says an invoice is not found when it is not the reader’s', async () => {
    loggedInAs(tutor);
    server.use(
      http.get('*/invoices/INV-2026-000999', () =>
        HttpResponse.json({ code: 'NOT_FOUND', error: '找不到這張發票' }, { status: 404 }),
      ),
    );
    renderRoute('/my-invoices/INV-2026-000999');
    expect(await screen.findByText('找不到這張發票')).toBeInTheDocument();
    expect(screen.getByText('發票編號可能有誤，或這張發票不屬於你的帳戶。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回我的發票' })).toHaveAttribute('href', '/my-invoices');
  });
});

describe('/my-invoices/:number/receipt', () => {
  it('shows the receipt with its lines and the total paid, and prints it', async () => {
    loggedInAs(tutor);
    server.use(http.get(`*/invoices/${NUMBER}/receipt`, () => HttpResponse.json(paidInvoice())));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoute(`/my-invoices/${NUMBER}/receipt`);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByRole('heading', { level: 1, name: '收據' })).toBeInTheDocument();
    const facts = within(receipt).getByLabelText('收據資料');
    for (const text of ['RCT-2026-000123', NUMBER, '黃老師', '2026年11月18日', '轉數快']) {
      expect(within(facts).getByText(text)).toBeInTheDocument();
    }
    const rows = within(receipt).getAllByTestId('receipt-line');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('HK$1,400.00')).toBeInTheDocument();
    expect(within(receipt).getByTestId('total-paid')).toHaveTextContent('HK$1,409.20');
    await user.click(screen.getByRole('button', { name: '列印收據' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('says there is no receipt until the invoice is paid in full', async () => {
    loggedInAs(tutor);
    server.use(
      http.get(`*/invoices/${NUMBER}/receipt`, () =>
        HttpResponse.json({ code: 'ILLEGAL_TRANSITION', error: '這張發票尚未全數繳清，未有收據' }, { status: 409 }),
      ),
    );
    renderRoute(`/my-invoices/${NUMBER}/receipt`);
    expect(await screen.findByText('這張發票尚未全數繳清，未有收據')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回發票' })).toHaveAttribute('href', `/my-invoices/${NUMBER}`);
  });
});
