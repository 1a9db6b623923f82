/** The organization's verification status, as its own profile shows it. */
export const orgVerificationZhHK = {
  heading: (status: string) => `機構認證：${status}`,
  pending: {
    status: '審批中',
    body: '我們正在審核你註冊時上載的商業登記證及地址證明，結果會以短訊通知你。',
  },
  verified: {
    status: '已認證',
    body: '你的機構帳戶已通過認證。',
  },
  rejected: {
    status: '未獲認證',
    body: '你的機構帳戶未能通過認證。',
    reason: (reason: string) => `原因：${reason}`,
    help: '如有查詢，請聯絡 tutorhub 客戶服務。',
  },
} as const;
