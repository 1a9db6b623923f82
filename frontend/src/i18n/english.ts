/**
 * The English words every English page needs at its start, as one chunk that only English pages
 * load (load.ts): the app's and its first areas' (en.ts) and the catalogue's names. The areas
 * that pages load with their own code have their English words in chunks of their own, loaded
 * with them (overwrite.ts).
 */
export { catalogueNamesEn } from './catalogue-names-en';
export { en } from './en';
