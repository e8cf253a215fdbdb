// Zod-free on purpose: the route table (in the entry chunk every page loads) imports these, and a
// module that defines a zod schema brings zod to whatever imports it (docs/performance.md, page
// weight). Re-exported by the module's index.
import { definePage } from '../platform/pages';

/**
 * The home pages (spec 001 §2.17, menu group 首页 of §2.18). 单位首页 is the unit's: its to-dos
 * and key figures for the caller's identity; 个人首页 is a person's own to-dos. What they show
 * comes from the installed modules (server platform/home): each brings its to-dos and figures
 * through its manifest, and a caller sees only those whose page their identity may open.
 */
export const HOME_PAGES = {
  unit: definePage('/homepage', '单位首页', {}),
  personal: definePage('/personalHomepage', '个人首页', {}),
} as const;
