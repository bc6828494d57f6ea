import { cloneElement, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { CellText } from './CellText';

/**
 * The text a cell shows when it is plain text: a string or number, or one element (a link, a
 * Typography text, a link in an indenting span) holding only that. Anything else (tags, buttons, a
 * stack of lines) is not.
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
    return plainText(node.props.children);
  }
  return undefined;
}

const shortened = (node: ReactNode, text: string) => createElement(CellText, { text, children: node });

/**
 * A cell as a column renders it, its text in a CellText when it is plain text; in a stack of lines
 * (a vertical Flex of a survey's name over its period, say), each line that is plain text.
 */
export function shortenedCell(cell: unknown): unknown {
  // A cell that sets its own props ({ children, props }, antd's RenderedCell).
  if (cell !== null && typeof cell === 'object' && !isValidElement(cell) && !Array.isArray(cell) && 'children' in cell) {
    return { ...cell, children: shortenedCell(cell.children) };
  }
  const text = plainText(cell);
  if (text !== undefined) return shortened(cell as ReactNode, text);
  if (isValidElement<{ children?: unknown; vertical?: unknown }>(cell) && cell.props.vertical === true && isLines(cell.props.children)) {
    const lines = cell.props.children.map((line) => {
      const lineText = plainText(line);
      return lineText === undefined ? line : shortened(line, lineText);
    });
    return cloneElement(cell, undefined, ...lines);
  }
  return cell;
}

/** Lines that are elements each (or nothing), not a run of text with an element in it. */
function isLines(children: unknown): children is (ReactElement | null | undefined | false)[] {
  if (!Array.isArray(children)) return false;
  return (children as unknown[]).every((child) => isValidElement(child) || child === null || child === undefined || child === false);
}
