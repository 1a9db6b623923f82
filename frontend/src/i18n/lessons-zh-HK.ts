/**
 * The lesson record of a confirmed match or an accepted booking (issue 32). Imported by the code
 * that shows them rather than through zh-HK.ts's `t`, so that pages without them do not carry them
 * (docs/adr/0076-public-pages-under-150-kib.md).
 */
import { translatedLater } from './overwrite';

export const lessonsZhHK = translatedLater(
  {
    title: '課堂紀錄',
    intro: '導師記錄每一堂，學生或家長於 72 小時內確認或提出異議；逾時當作確認。只有你們雙方看到這頁。',
    loadFailed: '無法載入課堂紀錄，請稍後再試。',
    notFound: '找不到這個補習安排，或你不是其中一方。',
    open: '課堂紀錄',
    heading: {
      match: (caseId: number) => `個案編號 ${caseId}`,
      booking: '預約',
    },
    people: (tutor: string, family: string) => `導師：${tutor}・學生／家長：${family}`,
    fee: (fee: string) => `議定學費：每堂 ${fee}`,
    noFee: '預約沒有議定學費記錄',
    totals: (held: number, minutes: number) => `已確認 ${held} 堂，共 ${minutes} 分鐘`,
    tuition: (amount: string) => `按議定學費合共 ${amount}（學費直接付給導師，此數只供參考）`,
    empty: '暫時未有課堂紀錄。',
    status: {
      recorded: '待確認',
      confirmed: '已確認',
      disputed: '有異議',
      'not-held': '未有上堂',
      cancelled: '已取消',
    } as Record<string, string>,
    confirmedBy: {
      family: '學生／家長確認',
      timeout: '逾時自動確認',
      'back-office': '客服判定已上堂',
    } as Record<string, string>,
    minutes: (minutes: number) => `${minutes} 分鐘`,
    answerBy: (time: string) => `請於 ${time} 前確認或提出異議`,
    waitingFamily: (time: string) => `等待學生／家長於 ${time} 前確認`,
    cancelledBy: (side: 'tutor' | 'family', late: boolean) =>
      `${side === 'tutor' ? '導師' : '學生／家長'}取消${late ? '（少於 24 小時通知）' : ''}`,
    reason: (reason: string) => `原因：${reason}`,
    resolution: (reason: string) => `客服處理：${reason}`,
    confirm: '確認上堂',
    dispute: '提出異議',
    disputeTitle: '這一堂的紀錄有問題？',
    disputeReason: '異議原因',
    disputeHint: '例如：當日沒有上堂、時間或時長不對。客服會聯絡雙方處理。',
    disputeSend: '提交異議',
    cancelAction: '取消',
    answerFailed: '未能回覆，請稍後再試。',
    record: {
      heading: '記錄已上的一堂',
      date: '上堂日期',
      time: '開始時間',
      minutes: '時長（分鐘）',
      send: '記錄這一堂',
      sending: '記錄中…',
      dateRequired: '請選擇上堂日期',
      done: '已記錄，學生／家長會收到通知確認。',
    },
    cancel: {
      heading: '預先取消一堂',
      date: '原定日期',
      time: '原定時間',
      reason: '取消原因',
      send: '記錄取消',
      dateRequired: '請選擇原定日期',
      done: '已記錄取消。',
    },
    failed: '未能記錄，請稍後再試。',
    end: {
      /** An ended arrangement's reason, then what the person added. */
      reasonWithNote: (reason: string, note: string) => `${reason}：${note}`,
      heading: '結束補習安排',
      hint: '例如時間未能配合或教學未如理想。結束後不能再記錄課堂，對方會收到通知。',
      reason: '結束的原因',
      reasonPlaceholder: '請選擇',
      reasons: {
        schedule: '時間未能配合',
        teaching: '教學未如理想',
        attendance: '遲到或缺席',
        'student-needs': '學生需要有變',
        other: '其他原因',
      } as Record<string, string>,
      note: '補充說明（選填；選「其他原因」時必填）',
      send: '結束補習安排',
      confirm: '確定結束？此決定不能撤回。',
      confirmSend: '確定結束',
      failed: '未能結束，請稍後再試。',
    },
    ended: (date: string, side: 'tutor' | 'family', reason: string) =>
      `已於 ${date} 由${side === 'tutor' ? '導師' : '學生／家長'}結束：${reason}`,
    reopen: {
      hint: '配對未如理想？你可重新開放個案，讓其他申請的導師再次應徵。',
      send: '重新開放個案',
      done: (caseId: number) => `個案編號 ${caseId} 已重新開放，其他申請的導師已重新列出。`,
      view: '查看我的個案',
      failed: '未能重新開放個案，請稍後再試。',
    },
  } as const,
  async (): Promise<object> => (await import('./lessons-en')).lessonsEn,
);
