import type { FeeTermsBody } from '@/api/generated/model';

/**
 * Constants the legal pages state (spec §2, §9) and the support contacts, in one place.
 * The wording around them is in src/i18n/legal-zh-HK.ts.
 */
export const legalConstants = {
  minimumAge: 15,
  changesEffectiveAfterDays: 7,
  effectiveDate: '2025-01-01',
} as const;

/**
 * The service fee's terms as the server states them by default (`GET /fees/terms`), for the
 * terms page until the server's answer arrives (and for its prerendered first screen). The
 * page states the server's figures once they are in.
 */
export const feeTermsBeforeLoad: FeeTermsBody = {
  shareWeeks: 4,
  sharePercent: 50,
  dueDays: 7,
  shortMatchDays: 28,
  interestBasisPointsPerMonth: 200,
  penaltyPercent: 10,
  penaltyDay: 11,
  remindDaysBefore: 2,
  remindOverdueDays: [3, 11],
};

export const supportContacts = {
  phone: '+852 3000 1234',
  phoneHref: 'tel:+85230001234',
  email: 'support@tutorhub.hk',
  emailHref: 'mailto:support@tutorhub.hk',
} as const;

export type LegalConstants = typeof legalConstants;
export type SupportContacts = typeof supportContacts;
