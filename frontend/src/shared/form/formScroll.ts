import { TOOLBAR_HEIGHT } from '@/app/shell/layout';
import './form.css';

/** The class that gives a form's fields their scroll margin (form.css). */
export const FORM_CLASS = 'rouder-form';

/** Room kept above a field scrolled into view: the fixed toolbar and a little air. */
export const FIELD_SCROLL_MARGIN = TOOLBAR_HEIGHT + 16;

/**
 * antd's `scrollToFirstError`: the first field in error goes to the top of the window, below the
 * fixed toolbar (form.css sets the fields' scroll-margin-top, which the scroll honours). Always,
 * because a field hidden under the toolbar counts as "in view" for the browser.
 */
export const SCROLL_TO_FIRST_ERROR = { block: 'start', scrollMode: 'always' } as const;
