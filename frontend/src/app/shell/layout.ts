/** docs/product/constants.md: toolbar height, drawer and rail widths, in px. */
export const TOOLBAR_HEIGHT = 72;
export const DRAWER_WIDTH = 220;
export const RAIL_WIDTH = 80;
