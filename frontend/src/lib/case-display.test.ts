import { describe, expect, it } from 'vitest';
import { makeCase } from '@/testing/fixtures';
import { invitesTutors, isEditable, matchTerms } from './case-display';

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

describe('isEditable', () => {
  it('is a case before its match, but not while a chosen tutor decides', () => {
    for (const status of ['pending', 'approved', 'rejected'] as const)
      expect(isEditable(makeCase({ status }))).toBe(true);
    for (const status of ['offered', 'matched', 'closed'] as const)
      expect(isEditable(makeCase({ status }))).toBe(false);
  });
});

describe('matchTerms', () => {
  it('reads the agreed fee, then the first lesson in Hong Kong time once proposed', () => {
    const offer = { id: 'o1', feePerLesson: 350, status: 'confirmed', createdAt: '', expiresAt: '' } as const;
    expect(matchTerms(offer)).toBe('議定學費：每堂 HK$350');
    expect(matchTerms({ ...offer, firstLessonAt: '2026-12-01T11:00:00Z' })).toBe(
      '議定學費：每堂 HK$350・第一堂：2026年12月1日 19:00',
    );
  });
});
