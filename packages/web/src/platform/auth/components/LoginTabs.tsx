import { theme } from 'antd';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { useRef } from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
}

/**
 * The login page's 密码登录 / 短信登录 / 微信登录 switch: antd's centred Tabs in look and in ARIA
 * (a tablist of tabs, the chosen one selected, arrow keys, Home and End move between them), without
 * rc-tabs and the menu and dropdown it brings (about 20 KB on the login page, docs/performance.md).
 * The colours are the theme's; the rules are in app/global.css (.login-tabs).
 */
export function LoginTabs<K extends string>({
  tabs,
  active,
  onChange,
  idBase,
  children,
}: {
  tabs: readonly LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** Unique on the page: the tabs' and the panel's ids derive from it. */
  idBase: string;
  /** The chosen tab's content, in the tab panel. */
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${idBase}-tab-${key}`;
  const panelId = `${idBase}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === active);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.key);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(tab.key))}`)?.focus();
  };

  const colours = {
    '--login-tab-text': token.colorText,
    '--login-tab-hover': token.colorPrimaryHover,
    '--login-tab-pressed': token.colorPrimaryActive,
    '--login-tab-selected': token.colorPrimary,
    '--login-tab-focus': token.colorPrimaryBorder,
    '--login-tab-line': token.colorBorderSecondary,
  } as CSSProperties;

  return (
    <>
      <div ref={list} role="tablist" className="login-tabs" style={colours} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </>
  );
}
