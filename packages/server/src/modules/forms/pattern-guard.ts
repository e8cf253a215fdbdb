import v8 from 'node:v8';
import vm from 'node:vm';
import type { PatternTest } from '@shetuan/shared/forms';

/**
 * Form authors write their own regular expressions (the designer's 正则 rules, old forms imported),
 * and the server tests every submission against them. A pattern such as `^(a+)+$` backtracks
 * exponentially: 30 characters of the right kind held a thread for seconds, so one hostile form
 * could stop a server (ReDoS). Two walls:
 *
 * - V8's linear-time engine takes over any pattern that backtracks too much
 *   (`--enable-experimental-regexp-engine-on-excessive-backtracks`, set once for the process). It
 *   covers everything but backreferences and lookarounds, which it cannot run.
 * - A pattern with a backreference or a lookaround (password-strength rules use lookaheads) is
 *   tested in a vm context with a time limit; a test that runs out of time counts as not matching.
 *
 * The browser tests patterns as they are (the shared validator's default): there a bad pattern can
 * only slow the tab of the person filling the form.
 */
const LIMIT_MS = 50;
let linearFallback = false;
const context = vm.createContext({ re: /(?:)/, text: '' });
const script = new vm.Script('re.test(text)');

/** Whether a pattern needs the backtracking engine: a backreference or a lookaround, outside a class. */
export function needsBacktracking(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<'))) return true;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '(' && source[i + 1] === '?') {
      const kind = source.slice(i + 2, i + 4);
      if (kind[0] === '=' || kind[0] === '!' || kind === '<=' || kind === '<!') return true;
    }
  }
  return false;
}

export const guardedPatternTest: PatternTest = (re, text) => {
  if (!linearFallback) {
    v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
    linearFallback = true;
  }
  if (!needsBacktracking(re.source)) return re.test(text);
  context.re = re;
  context.text = text;
  try {
    return script.runInContext(context, { timeout: LIMIT_MS }) === true;
  } catch {
    return false;
  }
};
