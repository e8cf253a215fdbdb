import type { ThemeConfig } from 'antd';

/** The console's primary colour: antd's blue-7, 6.1:1 against white. */
export const PRIMARY = '#0958d9';

/**
 * The console's colours, at WCAG AA (4.5:1 for text) everywhere: antd's default blue #1677ff gives
 * 4.1:1 on white, its tertiary text (labels, counts, empty states) 3.4:1, and its status tags' text
 * (success, warning) less than 3:1 — each a serious axe-core violation on every screen. Members,
 * applicants and reviewers read these screens on phones, often outdoors.
 */
export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorInfo: PRIMARY,
    colorLink: PRIMARY,
    // Darker status colours on antd's own light backgrounds (given, not derived from the seed).
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#ad4e00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // A select's placeholder is text on the page (axe checks it): 4.6:1 instead of antd's 1.9:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.54)',
    // The text of a coloured tag (<Tag color="green">) is the palette's 7th shade on its 1st; for
    // these colours that is 3–4:1, so their 8th shade is used (5–7:1). The others pass already.
    green7: '#237804',
    orange7: '#ad4e00',
    gold7: '#ad6800',
    cyan7: '#006d75',
    volcano7: '#ad2102',
    lime7: '#5b8c00',
  },
};

/**
 * The theme for this browser: with 减少动态效果 (prefers-reduced-motion: reduce) set, antd's
 * motion is off — drawers, pop-ups, menus and messages appear and leave at once. The browser
 * tests ask for it too, so they never wait on, or click into, a closing animation.
 */
export function themeFor(reduceMotion: boolean): ThemeConfig {
  return reduceMotion ? { ...APP_THEME, token: { ...APP_THEME.token, motion: false } } : APP_THEME;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
