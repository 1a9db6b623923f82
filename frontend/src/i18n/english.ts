/** Every English catalogue, as one chunk that only English pages load (load.ts). */
export { alertsEn } from './alerts-en';
export { billingEn } from './billing-en';
export { bookingsEn } from './bookings-en';
export { catalogueNamesEn } from './catalogue-names-en';
export { en } from './en';
export { lessonsEn } from './lessons-en';
export { profileEn } from './profile-en';
export { reviewsEn } from './reviews-en';
export { rulesEn } from './rules-en';
