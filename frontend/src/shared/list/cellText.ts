import { createElement, isValidElement, type ReactNode } from 'react';
import { CellText } from './CellText';

/**
 * The text a cell shows when it is plain text: a string or number, or one element (a link, a
 * Typography text) holding only that. Anything else (tags, buttons, a stack of lines) is not.
 */
export function plainText(node: unknown): string | undefined {
  if (typeof node === 'string') return node === '' ? undefined : node;
  if (typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    if (!node.every((part) => typeof part === 'string' || typeof part === 'number')) return undefined;
    const text = node.join('');
    return text === '' ? undefined : text;
  }
  if (isValidElement<{ children?: unknown }>(node)) {
    const { children } = node.props;
    return isValidElement(children) ? undefined : plainText(children);
  }
  return undefined;
}

/** A cell as a column renders it, its text in a CellText when it is plain text. */
export function shortenedCell(cell: unknown): unknown {
  // A cell that sets its own props ({ children, props }, antd's RenderedCell).
  if (cell !== null && typeof cell === 'object' && !isValidElement(cell) && !Array.isArray(cell) && 'children' in cell) {
    return { ...cell, children: shortenedCell(cell.children) };
  }
  const text = plainText(cell);
  return text === undefined ? cell : createElement(CellText, { text, children: cell as ReactNode });
}
