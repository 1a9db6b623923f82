/**
 * Constants the legal pages state (spec §2, §9) and the support contacts, in one place.
 * The wording around them is in src/i18n/legal-zh-HK.ts.
 */
export const legalConstants = {
  minimumAge: 15,
  lateInterestPercentPerMonth: 2,
  latePenaltyPercent: 10,
  latePenaltyAfterDays: 10,
  changesEffectiveAfterDays: 7,
  effectiveDate: '2025-01-01',
} as const;

export const supportContacts = {
  phone: '+852 3000 1234',
  phoneHref: 'tel:+85230001234',
  email: 'support@tutorhub.hk',
  emailHref: 'mailto:support@tutorhub.hk',
} as const;

export type LegalConstants = typeof legalConstants;
export type SupportContacts = typeof supportContacts;
