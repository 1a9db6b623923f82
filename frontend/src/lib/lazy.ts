/**
 * React's `lazy` for a page or a part of one loaded on demand, which renders once both its code
 * and its words are in. On an English page, the areas' catalogues its code brings ask for their
 * English words as they load (src/i18n/overwrite.ts); the part waits for them rather than render
 * its first frame in zh-HK. On a zh-HK page it is React's `lazy`. ESLint sends every `lazy` here.
 */
import { lazy as reactLazy } from 'react';
import { laterWordsLoaded } from '@/i18n/overwrite';

export const lazy: typeof reactLazy = (load) =>
  reactLazy(async () => {
    const part = await load();
    await laterWordsLoaded();
    return part;
  });
