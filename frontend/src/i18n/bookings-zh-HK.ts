/**
 * The bookings area's strings: the booking box on a tutor's profile, and /my-bookings. Imported by
 * the code that shows them rather than through zh-HK.ts's `t`, so that pages without them do not
 * carry them (docs/adr/0076-public-pages-under-150-kib.md).
 */
import { translatedLater } from './overwrite';

export const bookingsZhHK = translatedLater(
  {
    box: {
      heading: '預約導師',
      bookingTime: '預約時間',
      bookingTimePlaceholder: '例如：星期三 19:00-21:00',
      bookingTimeHint: '請寫上星期幾及時間，例如：星期六 14:00-16:00',
      required: '請填寫預約時間',
      intro: '寫下想上堂的時間、科目及上堂地點，導師會先看清楚再決定是否接受。',
      subject: '科目',
      subjectHint: '只可選擇導師任教的科目',
      chooseSubject: '請選擇科目',
      lessonPlace: '上堂地點',
      choosePlace: '請選擇上堂地點',
      place_: {
        home: '上門補習（導師到學生住所）',
        'tutor-place': '導師住所',
        centre: '補習中心',
        online: '視像補習',
      } as Record<string, string>,
      message: '留言（選填）',
      /** As the server names it in its messages ("留言不可多於 300 個字"). */
      messageName: '留言',
      messageHint: (used: number, max: number) => `例如學生年級、想加強的範疇。已輸入 ${used}／${max} 字`,
      book: '預約',
      /** Opens the form on a profile (a visitor has not started a booking yet). */
      open: '開始預約',
      booking: '預約中…',
      loginToBook: '登入後預約',
      success: '預約已提交！',
      successNext: '導師會收到短訊通知。導師接受後，你會收到短訊，並可在「我的預約」看到導師的電話。',
      toMyBookings: '查看我的預約',
      failed: (reason: string) => `預約失敗：${reason}`,
      unknownReason: '請稍後再試',
      tableLabel: '這位導師的預約',
      time: '時間',
      user: '用戶',
      status: '狀態',
      empty: '暫時未有預約',
      status_: {
        pending: '待確認',
        accepted: '已接受',
        declined: '已拒絕',
        cancelled: '已取消',
      } as Record<string, string>,
      loadFailed: '未能載入預約，請稍後再試。',
    },

    myBookings: {
      title: '我的預約',
      intro: '你預約的導師，以及學生向你提出的預約。',
      empty: '暫時未有預約',
      received: '學生向你的預約',
      made: '你提出的預約',
      withTutor: (name: string) => `導師：${name}`,
      fromUser: (name: string) => `預約者：${name}`,
      notGiven: '未註明',
      facts: {
        subject: '科目',
        place: '上堂地點',
        message: '留言',
      },
      next: {
        waitForTutor: '等候導師回覆。導師接受後，你會收到短訊，並可在這裏看到導師的電話。',
        decide: '請先看清楚時間、科目及地點。接受後，對方會收到短訊，雙方可在這裏看到對方的電話。',
        accepted: '請直接聯絡對方，確認上堂細節。',
        declined: '導師未能接受這次預約，你可以預約其他導師。',
      },
      accept: '接受',
      decline: '拒絕',
      cancel: '取消預約',
      actionFailed: '操作失敗，請稍後再試。',
      loadFailed: '未能載入預約，請稍後再試。',
    },
  } as const,
  async (): Promise<object> => (await import('./bookings-en')).bookingsEn,
);
