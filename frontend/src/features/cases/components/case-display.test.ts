import { describe, expect, it } from 'vitest';
import { makeCase } from '@/testing/fixtures';
import { invitesTutors } from './case-display';

describe('invitesTutors', () => {
  it('is a student’s or parent’s case open to applications', () => {
    expect(invitesTutors(makeCase())).toBe(true);
  });

  it('is not a tutor’s own post, a full case or one no longer open', () => {
    expect(invitesTutors(makeCase({ postType: 'tutor-seeking-student' }))).toBe(false);
    expect(invitesTutors(makeCase({ full: true }))).toBe(false);
    expect(invitesTutors(makeCase({ status: 'matched' }))).toBe(false);
    expect(invitesTutors(makeCase({ status: 'pending' }))).toBe(false);
  });
});
