/** The edit-profile screen's strings. */
export const profileZhHK = {
  title: '編輯個人資料',
  intro: '更新你的名稱及電話號碼。',
  name: '名稱',
  nameHint: '只可包含英文字母或中文字：中文字最多 6 個，英文字母最多 12 個',
  phone: '電話號碼',
  nameRequired: '請填寫名稱',
  phoneRequired: '請填寫電話號碼',
  phoneChangedNote: '更改電話號碼須先完成短訊驗證。',
  verifyFirst: '請先完成電話驗證再提交',
  avatar: '頭像',
  avatarHint: '只限導師：接受 JPEG、PNG 或 WebP 圖片，最大 5MB',
  save: '儲存',
  saving: '儲存中…',
  success: '個人資料已更新',
  failed: '更新失敗，請稍後再試',
  loadFailed: '未能載入資料',
} as const;
