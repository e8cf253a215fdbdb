import { Activity, type ReactNode, useEffect, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext,
  useLocation,
  useMatches,
  useNavigationType,
  useOutlet,
} from 'react-router';
import type { RouteMeta } from '../../app/route-registry';

/** At most this many kept-alive pages stay in memory; the least recently shown goes first. */
export const MAX_KEPT_PAGES = 8;

interface Kept {
  element: ReactNode;
  location: Location;
  /** Bumped when navigation arrives with another query: the page starts afresh. */
  generation: number;
  scrollY: number;
}

/**
 * The console's outlet with keep-alive (spec 000 §2): a route whose meta has keepAlive keeps its
 * state (search form, page, scroll) while the user is elsewhere, in React's <Activity> hidden
 * mode: its DOM stays, its effects (queries, timers) are stopped until it is shown again.
 * - Navigation that arrives with a different query starts the page afresh.
 * - A page that has a query gets its scroll position back; others start at the top.
 * - A hidden page keeps seeing the location it was left at, so it never renders for another URL.
 * - At most MAX_KEPT_PAGES pages are kept (least recently shown dropped).
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const meta = useMatches().at(-1)?.handle as RouteMeta | undefined;
  const kept = useRef(new Map<string, Kept>());
  const current = meta?.keepAlive ? location.pathname : null;
  const restoreTo = useRef<number | null>(null);

  if (current !== null) {
    const cache = kept.current;
    const previous = cache.get(current);
    if (!previous) {
      cache.set(current, { element: outlet, location, generation: 0, scrollY: 0 });
      restoreTo.current = null;
    } else {
      const sameQuery = previous.location.search === location.search;
      cache.delete(current);
      cache.set(current, {
        element: outlet,
        location,
        generation: sameQuery ? previous.generation : previous.generation + 1,
        scrollY: previous.scrollY,
      });
      // Only on arrival: re-renders of the page itself must not pull the scroll back.
      if (previous.location.key !== location.key) {
        restoreTo.current = sameQuery && location.search ? previous.scrollY : null;
      }
    }
    while (cache.size > MAX_KEPT_PAGES) {
      const oldest = cache.keys().next().value as string;
      cache.delete(oldest);
    }
  }

  // The scroll position of the page on show, recorded as the user scrolls.
  useEffect(() => {
    if (current === null) return;
    const onScroll = () => {
      const entry = kept.current.get(current);
      if (entry) entry.scrollY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [current]);

  // After the root's scroll-to-top on navigation (a layout effect), put a kept page with a query back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per arrival (location.key)
  useEffect(() => {
    const y = restoreTo.current;
    restoreTo.current = null;
    if (y !== null && y > 0) window.scrollTo(0, y);
  }, [location.key]);

  return (
    <>
      {[...kept.current].map(([path, entry]) => (
        <Activity key={`${path}#${entry.generation}`} mode={path === current ? 'visible' : 'hidden'}>
          <UNSAFE_LocationContext.Provider value={{ location: entry.location, navigationType }}>
            {entry.element}
          </UNSAFE_LocationContext.Provider>
        </Activity>
      ))}
      {current === null && outlet}
    </>
  );
}
