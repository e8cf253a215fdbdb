import { z } from 'zod';

export * from './pages';

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
