// Zod-free on purpose: the route table (in the entry chunk every page loads) imports these, and a
// module that defines a zod schema brings zod to whatever imports it (docs/performance.md, page
// weight). Re-exported by the module's index.
import { definePage } from '../platform/pages';

/** 字典管理, under 功能配置. */
export const DICTIONARY_PAGES = {
  dictionary: definePage('/dictionary', '字典管理'),
} as const;
