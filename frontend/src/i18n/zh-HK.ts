/**
 * `t`: the interface's messages in the page's language, as every component reads them. Empty
 * until load.ts puts one language's words in it, before the app's first render: zh-HK's
 * (zh-HK-words.ts) or English's (en.ts), each a chunk of its own, so that a page loads the words
 * of its language and not those of the other (docs/adr/0076-public-pages-under-150-kib.md).
 * A module reads `t` when it renders or is called, not as it is loaded.
 */
import type { zhHK } from './zh-HK-words';

export type Messages = typeof zhHK;

export const t = {} as Messages;
