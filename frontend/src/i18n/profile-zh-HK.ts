/**
 * The profile area's strings: the edit-profile screen and an organization's verification status.
 * Imported by the code that shows them rather than through zh-HK.ts's `t`, so that pages without
 * them do not carry them (docs/adr/0076-public-pages-under-150-kib.md).
 */
import { translatedLater } from './overwrite';

export const profileZhHK = translatedLater(
  {
    invitations: {
      title: '個案邀請',
      label: '接受學生、家長或機構邀請我申請個案',
      hint: '開啟後，刊登個案的學生、家長或補習機構可邀請你申請科目合適的個案，我們會以短訊通知你（每日最多 5 個邀請）。是否申請由你決定。',
      saveFailed: '未能更新設定，請稍後再試。',
    },
    edit: {
      title: '編輯個人資料',
      intro: '更新你的名稱及電話號碼。',
      name: '名稱',
      nameHint: '只可包含英文字母或中文字：中文字最多 6 個，英文字母最多 12 個',
      phone: '電話號碼',
      nameRequired: '請填寫名稱',
      phoneRequired: '請填寫電話號碼',
      phoneChangedNote: '更改電話號碼須先完成短訊驗證。',
      verifyFirst: '請先完成電話驗證再提交',
      phoneTaken: '此電話號碼已被使用，請使用其他號碼',
      avatar: '頭像',
      avatarHint: '只限導師：接受 JPEG、PNG 或 WebP 圖片，最大 5MB',
      save: '儲存',
      saving: '儲存中…',
      success: '個人資料已更新',
      failed: '更新失敗，請稍後再試',
      loadFailed: '未能載入資料',
    },
    /** The organization's verification status, as its own profile shows it. */
    orgVerification: {
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
    },
  } as const,
  async (): Promise<object> => (await import('./profile-en')).profileEn,
);
