import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core on the page as it is now: no critical or serious violation (colour contrast included:
 * the console's theme reads at WCAG AA, app/theme.ts). `include` narrows the check to selectors
 * (the ones absent from the page are skipped); by default the whole page, with the console's menu,
 * header and breadcrumb.
 */
export async function expectAccessible(page: Page, screen: string, include?: string[]): Promise<void> {
  // Take the pointer off the button just clicked (a hovered button is lighter for a moment). The
  // pages run with reduced motion, so nothing fades in or out.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(150);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (selectors) => {
    const axe = (
      window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    // Toasts are left out: each is a short-lived message the spec that shows it reads; waiting for
    // them all to leave before every check cost seconds. experts/library checks a toast on its own.
    const exclude = ['.ant-message', '.ant-notification'].filter((t) => !selectors?.includes(t)).map((t) => [t]);
    const context = selectors
      ? { include: selectors.filter((s) => document.querySelector(s)).map((s) => [s]), exclude }
      : { include: [['html']], exclude };
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }, include ?? null);
  expect(found, `accessibility of ${screen}`).toEqual([]);
}
