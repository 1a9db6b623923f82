import { describe, expect, it } from 'vitest';
import { formatPhone, localPhone } from './phone';

describe('Hong Kong phone numbers', () => {
  it('reads numbers as people type them, as the server does', () => {
    for (const typed of [
      '91234567',
      '9123 4567',
      '9123-4567',
      '+852 9123 4567',
      '(852) 9123 4567',
      '+852 (9123) 4567',
    ]) {
      expect(localPhone(typed)).toBe('91234567');
    }
    expect(localPhone('1234')).toBe('1234');
  });

  it('shows an E.164 number as four and four digits', () => {
    expect(formatPhone('+85291234567')).toBe('9123 4567');
    expect(formatPhone('+441234')).toBe('+441234');
  });
});
