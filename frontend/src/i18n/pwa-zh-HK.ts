/**
 * The installed app's words: its name on the home screen, the offline page and the update
 * notice. Imports nothing, because the build (pwa/plugin.ts) reads it too, to write the web app
 * manifest and the offline page.
 */
export const pwaZhHK = {
  appName: 'tutorhub 香港補習配對',
  shortName: 'tutorhub',
  description: '連繫家長、學生與導師的香港補習配對平台：刊登補習個案，按科目、地區及學費搜尋導師及個案。',
  offline: {
    title: '你目前離線｜tutorhub',
    heading: '你目前離線',
    body: '未能連接 tutorhub。請檢查手機的網絡或 Wi-Fi，連線後再試一次。',
    retry: '再試一次',
  },
  updated: {
    message: 'tutorhub 已更新。重新載入即可使用新版本。',
    reload: '重新載入',
    dismiss: '稍後',
  },
};
