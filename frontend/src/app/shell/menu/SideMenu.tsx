import { useLocation, useNavigate } from '@tanstack/react-router';
import { Badge, Menu, type MenuProps } from 'antd';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { BASE_PATH } from '@/app/router';
import { MENU_INDENT } from '../layout';
import { stringifySearch } from '@/lib/routing/searchParams';
import { loadSearchState } from '@/lib/routing/searchState';
import { clearStatusMapSelection } from '@/lib/session/statusMapSelection';
import { MENU_ICONS } from './menuIcons';
import './sideMenu.css';
import { activeLink, groupsContaining, type MenuEntry, type MenuLink } from './menuModel';

type Item = NonNullable<MenuProps['items']>[number];

/** The link's target under the base path, with the list's kept search (docs/product/shell.md). */
function hrefOf(link: MenuLink): string {
  return link.path + stringifySearch(link.screen ? loadSearchState(link.screen) : {});
}

const withModifier = (event: MouseEvent | KeyboardEvent) =>
  event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

interface Props {
  entries: MenuEntry[];
  collapsed?: boolean;
  /** Called after an entry was chosen (the phone drawer closes). */
  onNavigate?: () => void;
  /** Counts shown beside entries, by key (reports waiting for the user's side). */
  badges?: Record<string, number>;
}

/**
 * The side menu: entries are real links (a new tab works), groups open for the current path and
 * stay as the user left them otherwise.
 */
export function SideMenu({ entries, collapsed = false, onNavigate, badges = {} }: Props) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const active = activeLink(entries, pathname);

  // Groups auto-expand when the path enters them; the user's own opening/closing is kept.
  const [open, setOpen] = useState<{ path: string; keys: string[] }>(() => ({ path: pathname, keys: groupsContaining(entries, pathname) }));
  if (open.path !== pathname) {
    setOpen({ path: pathname, keys: [...new Set([...open.keys, ...groupsContaining(entries, pathname)])] });
  }

  const links = new Map<string, MenuLink>();
  const toItem = (entry: MenuEntry): Item => {
    if (entry.kind === 'divider') return { type: 'divider', key: entry.key };
    if (entry.kind === 'group') {
      return { key: entry.key, icon: MENU_ICONS[entry.icon], label: entry.label, children: entry.children.map(toItem) };
    }
    links.set(entry.key, entry);
    return {
      key: entry.key,
      icon: MENU_ICONS[entry.icon],
      label: (
        <a
          href={BASE_PATH + hrefOf(entry)}
          onClick={(event) => {
            // A plain click is handled by the menu below; with a modifier the browser opens a tab.
            if (!withModifier(event)) event.preventDefault();
          }}
        >
          {entry.label}
          {(badges[entry.key] ?? 0) > 0 && (
            <Badge count={badges[entry.key]} size="small" style={{ marginInlineStart: 8 }} aria-label={`${String(badges[entry.key])}件の対応待ち`} />
          )}
        </a>
      ),
    };
  };
  const items = entries.map(toItem);

  const choose: MenuProps['onClick'] = ({ key, domEvent }) => {
    const link = links.get(key);
    if (!link || withModifier(domEvent)) return;
    if (link.clearsMapSelection) clearStatusMapSelection();
    void navigate({ href: hrefOf(link) });
    onNavigate?.();
  };

  return (
    <Menu
      mode="inline"
      className="rouder-side-menu"
      inlineIndent={MENU_INDENT}
      items={items}
      inlineCollapsed={collapsed}
      selectedKeys={active ? [active.key] : []}
      openKeys={open.keys}
      onOpenChange={(keys) => {
        setOpen({ path: pathname, keys });
      }}
      onClick={choose}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
