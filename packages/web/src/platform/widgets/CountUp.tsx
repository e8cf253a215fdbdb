import { CountUp as CountUpJs } from 'countup.js';
import { useEffect, useRef } from 'react';

/** Count-up defaults of the spec (002 §9): 3000 ms, no decimals, separator ',', decimal point '.'. */
export const COUNT_UP = { duration: 3, decimalPlaces: 0, separator: ',', decimal: '.' } as const;

const reduceMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A number that counts up to its value (statistics cards), with countup.js. With 减少动态效果
 * (prefers-reduced-motion) set, it shows the value at once, formatted the same way.
 */
export function CountUp({ value, decimals = COUNT_UP.decimalPlaces }: { value: number; decimals?: number }) {
  const el = useRef<HTMLSpanElement>(null);
  const counter = useRef<CountUpJs | null>(null);
  useEffect(() => {
    if (!el.current) return;
    if (!counter.current) {
      counter.current = new CountUpJs(el.current, value, {
        ...COUNT_UP,
        decimalPlaces: decimals,
        ...(reduceMotion ? { startVal: value, duration: 0.001 } : {}),
      });
      counter.current.start();
    } else counter.current.update(value);
  }, [value, decimals]);
  return <span ref={el} />;
}
