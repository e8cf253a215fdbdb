import type { ReactNode } from 'react';
import { PRIMARY } from '../../../app/theme';

/** The primary colour of these screens: the console's (app/theme.ts, WCAG AA on white). */
export const SCREEN_PRIMARY = PRIMARY;

/**
 * The frame of every screen of the applicant, the unit and the reviewer: a landmark the browser
 * tests check for accessibility. The colours are the console's own (app/theme.ts), which read at
 * WCAG AA everywhere.
 */
export function Screen({ children }: { children: ReactNode }) {
  return <div className="projects-screen">{children}</div>;
}
