/** Every English catalogue, as one chunk that only English pages load (load.ts). */
export { billingEn } from './billing-en';
export { catalogueNamesEn } from './catalogue-names-en';
export { en } from './en';
export { rulesEn } from './rules-en';
