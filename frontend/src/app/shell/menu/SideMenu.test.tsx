import { screen, within } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { appTheme } from '@/app/providers/theme';
import { allowSlowScreens } from '@/features/masters/testing';
import { signedInRoutes, stubServer, sysAdmin } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { DRAWER_WIDTH, MENU_INDENT } from '../layout';
import { MENU_DEFINITION } from './menuModel';

allowSlowScreens();

interface Label {
  label: string;
  /** 1 at the top, 2 in a group. */
  level: number;
  /** A group's title, which has its arrow at the end. */
  group: boolean;
}

function labels(definitions: readonly (typeof MENU_DEFINITION)[number][], level = 1): Label[] {
  return definitions.flatMap((definition) => {
    if (definition.kind === 'divider') return [];
    const own = { label: definition.label, level, group: definition.kind === 'group' };
    return definition.kind === 'group' ? [own, ...labels(definition.children, level + 1)] : [own];
  });
}

/**
 * The room, in px, of an entry's label in the open drawer as antd's inline menu lays it out
 * (antd/es/menu/style): inside the drawer's 1 px border, the entry's margin (marginXXS) on either
 * side, the level's indent, the icon (fontSize) and its gap (controlHeightSM − fontSize) before the
 * label, and the padding (padding) after it — a group's title adds its arrow (fontSize / 7 × 5) and
 * marginXS.
 */
function room({ level, group }: Label): number {
  const token = theme.getDesignToken(appTheme);
  const end = token.padding + (group ? (token.fontSize / 7) * 5 + token.marginXS : 0);
  return DRAWER_WIDTH - 1 - 2 * token.marginXXS - level * MENU_INDENT - token.controlHeightSM - end;
}

/** A label's width taking every character as a full-width one (all of them are Japanese). */
const width = (label: string) => label.length * theme.getDesignToken(appTheme).fontSize;

describe('the side menu in the drawer of 220 px', () => {
  it('has room for every label on one line, このシステムについて in the system group included', () => {
    const cut = labels(MENU_DEFINITION)
      .filter((entry) => width(entry.label) > room(entry))
      .map((entry) => `${entry.label}: ${String(width(entry.label))} > ${String(room(entry))}`);
    expect(cut).toEqual([]);
  });

  it('indents its levels by MENU_INDENT, as the room above reckons', { timeout: 60_000 }, async () => {
    sessionStorage.setItem('rouder_organizationId', '1');
    stubServer(signedInRoutes(sysAdmin));
    renderApp('/home/other/about/');
    const menu = within(await screen.findByRole('navigation', { name: 'メインメニュー' }));
    // The system group is open: the current path lies in it.
    const about = (await menu.findByRole('link', { name: 'このシステムについて' })).closest('li');
    expect(about).toHaveStyle({ paddingLeft: `${String(2 * MENU_INDENT)}px` });
    expect(menu.getByRole('link', { name: 'チェックリスト' }).closest('li')).toHaveStyle({ paddingLeft: `${String(MENU_INDENT)}px` });
  });
});
