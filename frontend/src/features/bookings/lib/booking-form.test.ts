import { describe, expect, it } from 'vitest';
import { checkBooking } from './booking-form';

const empty = { bookingTime: '', subject: '', lessonPlace: '', message: '' };

describe('the booking rules', () => {
  it('needs a time, and each text within its length', () => {
    expect(checkBooking(empty)).toEqual({ bookingTime: '請填寫預約時間' });
    expect(checkBooking({ ...empty, bookingTime: '時'.repeat(101), message: '好'.repeat(301) })).toEqual({
      bookingTime: '預約時間不可多於 100 個字',
      message: '留言不可多於 300 個字',
    });
    expect(checkBooking({ ...empty, bookingTime: '星期六 14:00-16:00', message: '中三，想操卷，每堂1.5小時' })).toEqual(
      {},
    );
  });

  it('refuses a contact detail as it is typed, saying where phones are exchanged', () => {
    expect(checkBooking({ ...empty, bookingTime: '星期六', message: '加我微信傾' }, 'typing')).toEqual({
      message:
        '為保障雙方，留言不可包含通訊軟件帳號（如 WhatsApp、微信）或其他聯絡方法；導師接受預約後，雙方會在「我的預約」看到對方的電話。',
    });
    expect(checkBooking({ ...empty, bookingTime: '星期六 致電 6123 4567' }, 'typing').bookingTime).toContain(
      '預約時間不可包含電話號碼',
    );
    expect(checkBooking(empty, 'typing')).toEqual({});
  });
});
