// Zod-free on purpose: the route table (in the entry chunk every page loads) imports these, and a
// module that defines a zod schema brings zod to whatever imports it (docs/performance.md, page
// weight). Re-exported by the module's index.
import { definePage } from '../platform/pages';

/**
 * 人工申诉: people who cannot log in appeal at /customerComplain (public) with their proof; staff
 * handle them at /appeal; the person looks the result up at /appealDetail and is told by SMS.
 * Decisions: packages/server/src/modules/appeals/README.md.
 */
export const APPEAL_PAGES = {
  appeal: definePage('/appeal', '人工申诉', { edit: '处理', export: '导出' }),
} as const;
