/**
 * The service fee's strings (issue 33): the fee stated before applying and confirming, the
 * tutor's invoices, paying by FPS, proofs of payment and receipts. Imported by the pages that
 * use them rather than through zh-HK.ts, so the app's entry script does not carry them.
 */
import { translatedLater } from './overwrite';

export const billingZhHK = translatedLater(
  {
    /** Where an invoice stands. */
    status: {
      open: '待繳付',
      overdue: '已逾期',
      paid: '已繳清',
      waived: '已豁免',
    } as Record<string, string>,
    /** A line of the statement (the server's LineKind labels). */
    kind: {
      fee: '服務費',
      adjustment: '調整',
      credit: '短期配對減免',
      interest: '逾期利息',
      penalty: '逾期罰款',
      payment: '付款',
      refund: '退款',
      waiver: '豁免',
    } as Record<string, string>,
    method: {
      fps: '轉數快',
      bank: '銀行轉賬',
      cash: '現金',
    } as Record<string, string>,

    /** The fee as a case, an offer and an invoice state it. */
    fee: {
      caseHeading: '獲配對後須繳付的服務費',
      offerHeading: '確認後須繳付的服務費',
      amount: (amount: string) => `服務費 ${amount}`,
      formula: (fee: string, perWeek: number, weeks: number, share: string) =>
        `每堂學費 ${fee} × 每週 ${perWeek} 堂 × ${weeks} 星期 ${share}`,
      /** The share of the tuition, after the formula: "÷ 2" for half, else "× 40%". */
      share: (percent: number) => (percent === 50 ? '÷ 2' : `× ${percent}%`),
      equals: (formula: string, amount: string) => `${formula} = ${amount}`,
      caseNote: (weeks: number, percent: number) =>
        `如獲配對，導師須向 tutorhub 繳付一次性服務費，即首 ${weeks} 星期學費的 ${percent}%。第一堂經家長確認後才會發出發票；學費則由家長直接付給導師。`,
      offerNote: (weeks: number, percent: number) =>
        `按議定學費計算，為首 ${weeks} 星期學費的 ${percent}%。確認接受即表示同意繳付；第一堂經家長確認後才會發出發票。`,
      terms: '服務費條款',
    },

    /** Where a tutor accepts a booking. */
    bookingNoFee: '接受預約不需繳付服務費；服務費只適用於經補習個案確認的配對。',

    list: {
      title: '我的發票',
      intro: '配對成功後須繳付的服務費。打開發票可查看明細、以轉數快繳付及上載付款證明。',
      loadFailed: '未能載入發票，請稍後再試。',
      dueToday: '今日合共應付',
      nothingDue: '你沒有未繳的服務費。',
      dueHint: (penaltyDay: number) =>
        `逾期未繳會按日收取利息；逾期第 ${penaltyDay} 日起另收罰款，帳戶亦不能申請個案或確認配對。`,
      unsettled: '未繳清',
      settled: '已結清',
      empty: '暫時未有發票',
      emptyHint: '導師確認配對，而第一堂經家長確認後，我們才會發出服務費發票。',
      caseNumber: (caseId: number) => `個案編號 ${caseId}`,
      due: '到期日',
      fee: '服務費',
      owed: '今日應付',
      overpaid: '多付（待退還）',
      overdueDays: (days: number) => `已逾期 ${days} 日`,
    },

    invoice: {
      titleOf: (number: string) => `發票 ${number}`,
      title: '服務費發票',
      loadFailed: '未能載入發票，請稍後再試。',
      notFound: '找不到這張發票',
      notFoundHint: '發票編號可能有誤，或這張發票不屬於你的帳戶。',
      back: '返回我的發票',
      factsLabel: '發票資料',
      number: '發票編號',
      caseNumber: '個案編號',
      payer: '付款人',
      issuedAt: '發出日期',
      dueOn: '到期日',
      firstLesson: '第一堂',
      settledOn: '結清日期',
      settledMethod: '付款方式',
      owedToday: '今日應付',
      asOf: (date: string) => `計至 ${date}`,
      credit: (amount: string) => `你多付了 ${amount}，客服會聯絡你安排退款。`,
      overdue: (days: number) => `已逾期 ${days} 日，逾期利息按日累計。`,
      restricted: (day: number) => `逾期第 ${day} 日起，繳清前不能申請補習個案或確認配對。`,
      computedHeading: '服務費的計算方法',
      lateTerms: (interest: string, penalty: number, day: number) =>
        `逾期未繳的本金按每月 ${interest}% 收取利息，按日計算（× 12 ÷ 365）；逾期第 ${day} 日另收逾期本金 ${penalty}% 的罰款，只收一次。`,
      linesHeading: '結單明細',
      linesLabel: '結單明細',
      accrued: '計至今日',
      accruedHint: '標示「計至今日」的逾期收費會每日更新，繳清當日才會確定。',
      payment: (method: string, reference: string | undefined) =>
        reference ? `${method}・參考編號 ${reference}` : method,
      balance: '結欠',
      /** The balance when we owe the tutor: paid more than owed, refunded by the back office. */
      overpaid: '多付（待退還）',
      dueChangesHeading: '到期日更改',
      dueChange: (from: string, to: string, reason: string) => `由 ${from} 改為 ${to}：${reason}`,
      dueChangedAt: (at: string) => `於 ${at} 更改`,
      receipt: '查看收據',
      paidNote: '這張發票已全數繳清，多謝！',
      waivedNote: '這張發票的欠款已獲豁免。',
    },

    fps: {
      heading: '以轉數快（FPS）繳付',
      hint: (number: string) =>
        `用銀行或電子錢包 app 掃描二維碼，或複製付款碼貼上。如 app 有備註欄，請填寫發票編號 ${number}。`,
      qrAlt: (amount: string, number: string) => `轉數快二維碼：繳付發票 ${number} 的 ${amount}`,
      amount: '繳付金額',
      payload: '轉數快付款碼',
      copy: '複製付款碼',
      copied: '已複製付款碼',
      copyFailed: '未能複製，請長按付款碼手動複製',
      save: '儲存二維碼圖片',
      saveHint: '在手機上付款：先儲存二維碼圖片，再在銀行 app 的「掃描」中選擇相簿裏的圖片。',
      payee: (name: string, proxy: string) => `收款人：${name}（轉數快：${proxy}）`,
    },

    proof: {
      heading: '上載付款證明',
      hint: '付款後，請上載轉賬紀錄的截圖及轉數快參考編號。客服核對後會記錄付款，並以短訊通知你。',
      file: '付款紀錄截圖',
      fileHint: 'JPEG、PNG 或 WebP 圖片，最大 5MB',
      chooseFile: '選擇圖片',
      fileButton: (action: string) => `付款紀錄截圖：${action}`,
      changeFile: '更換圖片',
      fileChosen: (name: string, size: string) => `已選擇：${name}（${size}）`,
      fileRequired: '請選擇付款紀錄的截圖',
      wrongType: '付款證明只接受 JPEG、PNG 或 WebP 圖片（例如轉賬紀錄的截圖）',
      tooLarge: '檔案超過大小上限（最大 5MB）',
      reference: '轉數快參考編號',
      referenceHint: '轉賬完成後銀行 app 顯示的參考編號，最多 200 個字',
      referenceRequired: '請填寫轉數快的參考編號',
      send: '上載證明',
      sending: '上載中…',
      done: '已上載付款證明。客服核對後會更新這張發票。',
      failed: '未能上載，請稍後再試。',
      listHeading: '已上載的付款證明',
      listed: (reference: string, at: string) => `參考編號 ${reference}・${at} 上載`,
    },

    receipt: {
      title: '收據',
      documentTitle: (number: string) => `收據 ${number}`,
      issuer: 'tutorhub 香港補習配對平台',
      contact: (phone: string, email: string) => `電話 ${phone}・電郵 ${email}`,
      factsLabel: '收據資料',
      number: '收據編號',
      invoiceNumber: '發票編號',
      caseNumber: '個案編號',
      payer: '付款人',
      paidOn: '繳清日期',
      method: '付款方式',
      item: '項目',
      date: '日期',
      amount: '金額',
      linesLabel: '收據明細',
      charged: '應付總額',
      totalPaid: '已付總額',
      note: '本收據由系統發出，毋須簽署。',
      print: '列印收據',
      back: '返回發票',
      notPaid: '這張發票尚未全數繳清，未有收據。',
      loadFailed: '未能載入收據，請稍後再試。',
    },
  } as const,
  async (): Promise<object> => (await import('./billing-en')).billingEn,
);
