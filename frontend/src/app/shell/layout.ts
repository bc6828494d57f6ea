/** docs/product/constants.md: toolbar height, drawer and rail widths, in px. */
export const TOOLBAR_HEIGHT = 72;
export const DRAWER_WIDTH = 220;
export const RAIL_WIDTH = 80;

/**
 * How far each level of the open menu is indented, in px (antd's default is 24; ours, not the spec's).
 * In the drawer's 220 px an entry of a group keeps 147 px for its label at 12, enough for the longest,
 * このシステムについて (10 characters); at 24 it had 123 and was cut (menu/SideMenu.test.tsx).
 */
export const MENU_INDENT = 12;
