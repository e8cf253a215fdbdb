import { z } from 'zod';
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

/** A to-do: how many things wait for the caller at a page, and the page that handles them. */
export const ZHomeTodo = z.object({
  key: z.string().describe('stable, module-prefixed: payments.to-pay'),
  label: z.string(),
  count: z.number().int().min(0),
  path: z.string().describe('the console page that handles them'),
});
export type THomeTodo = z.infer<typeof ZHomeTodo>;

/** How a figure's numbers read: a count (with its suffix: 人, 份) or money in fen (shown in yuan). */
export const ZHomeUnit = z.enum(['count', 'fen']);

/** A key figure of the unit home. */
export const ZHomeFigure = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  unit: ZHomeUnit,
  suffix: z.string(),
  /** The page that shows the figure's detail, if any. */
  path: z.string().nullable(),
});
export type THomeFigure = z.infer<typeof ZHomeFigure>;

/** A short series for the unit home's chart (e.g. income by month, oldest first). */
export const ZHomeSeries = z.object({
  key: z.string(),
  label: z.string(),
  unit: ZHomeUnit,
  points: z.array(z.object({ label: z.string(), value: z.number() })),
});
export type THomeSeries = z.infer<typeof ZHomeSeries>;

/** GET /home/unit. */
export const ZUnitHome = z.object({
  todos: z.array(ZHomeTodo),
  figures: z.array(ZHomeFigure),
  series: z.array(ZHomeSeries),
});
export type TUnitHome = z.infer<typeof ZUnitHome>;

/** GET /home/personal. */
export const ZPersonalHome = z.object({ todos: z.array(ZHomeTodo) });
export type TPersonalHome = z.infer<typeof ZPersonalHome>;

/** What the home pages say when no to-do has anything waiting. */
export const NO_TODOS = '还没有待办事项';
