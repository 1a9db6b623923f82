import { describe, expect, it } from 'vitest';
import { ApiError, bannerError } from './api-error';

const refused = (errors: { field: string; message: string }[], error = '資料有誤') =>
  new ApiError(400, { code: 'VALIDATION_FAILED', error, errors });

describe('bannerError: each error once', () => {
  it('says nothing when every field message is shown under its field', () => {
    expect(bannerError(refused([{ field: 'message', message: '留言太長' }]), ['bookingTime', 'message'], 'x')).toBe(
      undefined,
    );
  });

  it('says the first message no field of the form shows', () => {
    const error = refused([
      { field: 'message', message: '留言太長' },
      { field: 'tutorId', message: '找不到導師' },
    ]);
    expect(bannerError(error, ['message'], 'x')).toBe('找不到導師');
  });

  it("says the server's error, else the fallback, for a failure with no field messages", () => {
    expect(bannerError(new ApiError(409, { code: 'BOOKING_PENDING', error: '請等候導師回覆' }), ['message'], 'x')).toBe(
      '請等候導師回覆',
    );
    expect(bannerError(new ApiError(502, undefined), ['message'], '請稍後再試')).toBe('請稍後再試');
    expect(bannerError(new Error('offline'), ['message'], '請稍後再試')).toBe('請稍後再試');
  });
});
