/** The accounts area's strings the app's start needs: the account menu, the mode selector, names and the session. */
export const accountsZhHK = {
  menu: {
    accountSettings: '帳戶設定',
    editProfile: '編輯個人資料',
    changePassword: '更改密碼',
    logout: '登出',
    postCase: '刊登補習個案',
    modeLabel: '身份模式',
    /** The mode selector, worded for people; the short forms fit a phone's top bar. */
    student: '我係家長／學生',
    studentShort: '家長',
    tutor: '我係導師',
    tutorShort: '導師',
    studentMode: '搵導師、刊登補習個案',
    tutorMode: '申請補習個案',
    becomeTutor: '成為導師：提交導師申請，審批後便可申請補習個案',
    greeting: (name: string) => `你好，${name}`,
  },
  nameRules: {
    required: '請輸入名稱',
    onlyLetters: '名稱只可包含英文字母或中文字，不可包含數字或符號。',
    tooManyChinese: (max: number) => `中文字最多 ${max} 個。`,
    tooManyEnglish: (max: number) => `英文字母最多 ${max} 個。`,
    atLeastOne: '名稱必須包含最少一個英文字母或中文字。',
  },
  session: {
    loginRequired: '請先登入',
  },
} as const;
