/** The organization's verification status, as its own profile shows it. */
export const orgVerificationZhHK = {
  heading: (status: string) => `機構認證：${status}`,
  pending: {
    status: '審批中',
    body: '我們正在審核你上載的商業登記證及地址證明，結果會以短訊通知你。',
  },
  verified: {
    status: '已認證',
    body: '你的機構帳戶已通過認證。',
  },
  rejected: {
    status: '未獲認證',
    body: '你的機構帳戶未能通過認證。',
    reason: (reason: string) => `原因：${reason}`,
    help: '你可以在下面重新提交文件；如有查詢，請聯絡 tutorhub 客戶服務。',
  },
  resubmit: {
    title: '重新提交文件',
    intro: '請上載清晰的新文件，只須上載需要更換的一份或兩份。提交後，我們會重新審批你的機構帳戶。',
    submit: '提交新文件',
    submitting: '正在提交…',
    atLeastOne: '請上載最少一份新文件',
    failed: '未能提交文件，請稍後再試',
    done: '已收到你的新文件，我們會重新審批，結果會以短訊通知你。',
  },
} as const;
