/**
 * Case alerts' strings: saving a search of the case board, the alerts page, the stop link.
 * Imported by the code that shows them rather than through zh-HK.ts's `t`, so that pages without
 * them do not carry them (docs/adr/0076-public-pages-under-150-kib.md).
 */
import { translatedLater } from './overwrite';

export const alertsZhHK = translatedLater(
  {
    save: {
      open: '有新個案通知我',
      title: '有新個案時通知我',
      filters: '篩選條件',
      noFilters: '未選擇篩選條件：請輸入關鍵字，或先選擇篩選條件',
      keywords: '關鍵字（選填）',
      keywordsHint: '最多 5 個，以空格分隔，例如：DSE 奧數（與搜尋個案的找法相同）',
      channel: '通知方式',
      channel_: { sms: '短訊', email: '電郵' } as Record<string, string>,
      rules: '每小時最多通知一次（多個個案會合併）；晚上十時至早上八時不會發送，留待早上八時。',
      submit: '儲存並通知我',
      saving: '儲存中…',
      cancel: '取消',
      close: '關閉',
      saved: '已儲存。有符合的新個案時，我們會通知你。',
      manage: '管理個案通知',
      failed: (reason: string) => `儲存失敗：${reason}`,
      unknownReason: '請稍後再試',
    },
    page: {
      title: '個案通知',
      intro: '你儲存的搜尋：有符合的新個案時，我們會以短訊或電郵通知你。',
      count: (count: number, max: number) => `已儲存 ${count} 個搜尋（最多 ${max} 個）`,
      empty: '你未有儲存的搜尋',
      emptyHint: '在「所有補習個案」選擇篩選條件後，按「有新個案通知我」。',
      browse: '瀏覽所有補習個案',
      listLabel: '儲存的搜尋',
      channelLabel: (summary: string) => `「${summary}」的通知方式`,
      keywordsLabel: (summary: string) => `「${summary}」的關鍵字`,
      keywordsHint: '最多 5 個，以空格分隔；留空即不限',
      saveKeywords: '更新關鍵字',
      saved: '已更新。',
      stopped: '已停止通知',
      resume: '恢復通知',
      resumed: '已恢復通知。',
      delete: '刪除',
      deleteLabel: (summary: string) => `刪除「${summary}」`,
      deleted: '已刪除，不會再收到這個搜尋的通知。',
      changeFailed: '未能更新，請稍後再試。',
      loadFailed: '未能載入你的個案通知，請稍後再試。',
      matchesHeading: '最近符合的個案',
      noMatches: '暫時未有符合的新個案。',
      rules: '每小時最多通知一次；晚上十時至早上八時不會發送。',
    },
    unsubscribe: {
      title: '停止個案通知',
      working: '正在停止通知…',
      done: (summary: string) => `已停止「${summary}」的個案通知。`,
      failed: '這條停止通知的連結無效，或這個搜尋已被刪除。',
      error: '未能停止通知，請稍後再試。',
      manage: '到個案通知恢復或管理',
      home: '返回主頁',
    },
  },
  async (): Promise<object> => (await import('./alerts-en')).alertsEn,
);
