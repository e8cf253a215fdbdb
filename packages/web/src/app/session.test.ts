import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from './session';

afterEach(() => {
  session.clear();
  localStorage.clear();
});

describe('the hidden activity-level menu (spec 000 §2 and §4)', () => {
  const main = [{ id: 1, path: 'roleManage' }];
  const hidden = [{ id: 9, path: 'activityHomePage' }];

  it('showing it swaps the stored lists and sets the flag; /activityManage swaps back and clears it', () => {
    session.saveMenu(main, hidden, 0);
    const heard = vi.fn();
    const stop = session.subscribeMenu(heard);
    session.showHiddenMenu();
    expect(session.hiddenMenuShown()).toBe(true);
    expect(session.menuList()).toEqual(hidden);
    session.showHiddenMenu();
    expect(session.menuList()).toEqual(hidden);
    session.restoreMainMenu();
    expect(session.hiddenMenuShown()).toBe(false);
    expect(session.menuList()).toEqual(main);
    session.restoreMainMenu();
    expect(session.menuList()).toEqual(main);
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a menu fetched while the flag is set is stored swapped', () => {
    session.saveMenu(main, hidden, 0);
    session.showHiddenMenu();
    session.saveMenu(main, hidden, 0);
    expect(session.menuList()).toEqual(hidden);
    session.restoreMainMenu();
    expect(session.menuList()).toEqual(main);
  });
});

describe('the 当前模式 choice', () => {
  it('is none until chosen, then kept and announced', () => {
    const heard = vi.fn();
    const stop = session.subscribeMenu(heard);
    expect(session.menuMode()).toBeNull();
    session.setMenuMode(20);
    expect(session.menuMode()).toBe(20);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
