/** The SMS code step shared by registration and the profile's phone change (spec §4). */
export const phoneVerificationZhHK = {
  groupLabel: '電話驗證',
  sendCode: '發送驗證碼',
  sending: '發送中…',
  resendIn: (seconds: number) => `${seconds} 秒後可重新發送`,
  sent: (phone: string) => `驗證碼已發送至 ${phone}，10 分鐘內有效。`,
  code: '驗證碼',
  codePlaceholder: '6 位數字',
  codeRequired: '請輸入驗證碼',
  verify: '驗證',
  verifying: '驗證中…',
  verified: '電話號碼已驗證',
  sendFailed: '驗證碼發送失敗，請稍後再試',
  verifyFailed: '驗證失敗，請稍後再試',
} as const;
