import type { PointerEvent, ReactNode } from 'react';

/** Its whole text as the cell's title, but only while it is cut short (no tooltip repeating a short name). */
function titleWhenCut(text: string) {
  return (event: PointerEvent<HTMLElement>) => {
    const cell = event.currentTarget;
    if (cell.scrollWidth > cell.clientWidth) cell.title = text;
    else cell.removeAttribute('title');
  };
}

/**
 * A text cell of a desktop list table (list.css): at most 20em wide, wrapping between words;
 * a word longer than that (a name without spaces, Japanese or ASCII) is cut with an ellipsis and
 * shown whole in the title while the pointer is on it.
 */
export function CellText({ text, children }: { text: string; children: ReactNode }) {
  return (
    <span className="rouder-cell-text" onPointerEnter={titleWhenCut(text)}>
      {children}
    </span>
  );
}
