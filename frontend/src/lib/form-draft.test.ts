import { describe, expect, it } from 'vitest';
import { clearDraft, readDraft, saveDraft } from './form-draft';

const empty = { bookingTime: '', message: '' };

describe('a form draft kept across a login', () => {
  it('gives back what was saved for the same form, and nothing for another', () => {
    saveDraft('booking:a', { bookingTime: '星期六 14:00', message: '中三' });
    expect(readDraft('booking:a', empty)).toEqual({ bookingTime: '星期六 14:00', message: '中三' });
    expect(readDraft('booking:b', empty)).toBe(empty);
  });

  it('takes only the fields the form has, as text', () => {
    sessionStorage.setItem('tutorhub.draft.booking:a', JSON.stringify({ bookingTime: 7, message: 'hi', token: 'x' }));
    expect(readDraft('booking:a', empty)).toEqual({ bookingTime: '', message: 'hi' });
    sessionStorage.setItem('tutorhub.draft.booking:a', '{not json');
    expect(readDraft('booking:a', empty)).toBe(empty);
  });

  it('is gone once cleared', () => {
    saveDraft('booking:a', { bookingTime: '星期六 14:00', message: '' });
    clearDraft('booking:a');
    expect(readDraft('booking:a', empty)).toBe(empty);
  });
});
