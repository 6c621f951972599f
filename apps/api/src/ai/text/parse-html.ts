import type { parseHTML as linkedomParseHTML } from 'linkedom';

/**
 * linkedom's parseHTML, with linkedom required on the first call rather than when a module that
 * reads HTML is imported: it brings a CSS parser and style tables (about 20 MB of heap), and most
 * API processes never read a web page, a booking's schema.org block or a blog draft's HTML.
 */
export const parseHTML: typeof linkedomParseHTML = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  (require('linkedom') as typeof import('linkedom')).parseHTML(...args);
