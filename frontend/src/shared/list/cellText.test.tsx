import { fireEvent, render, screen } from '@testing-library/react';
import { Flex } from 'antd';
import { describe, expect, it } from 'vitest';
import { plainText, shortenedCell } from './cellText';

const LONG_NAME = 'とても長い店舗名'.repeat(8); // 64 characters without a break

describe('a plain-text cell of a desktop list', () => {
  it('is a string, a number, or one element holding only text', () => {
    expect(plainText('新宿駅前店')).toBe('新宿駅前店');
    expect(plainText(12)).toBe('12');
    expect(plainText(['3', '項目'])).toBe('3項目');
    expect(plainText(<a href="/x">{LONG_NAME}</a>)).toBe(LONG_NAME);
    expect(plainText(<span>{[5, '店舗']}</span>)).toBe('5店舗');
    // A link in a span that indents it (the group list's tree order).
    expect(plainText(<span style={{ paddingInlineStart: 16 }}><a href="/g">関東ブロック</a></span>)).toBe('関東ブロック');
  });

  it('is not a cell of tags, buttons or several lines, nor an empty one', () => {
    expect(plainText(<span>株式会社<b>太字</b></span>)).toBeUndefined();
    expect(plainText([<i key="1">a</i>, 'b'])).toBeUndefined();
    expect(plainText(<button type="button" />)).toBeUndefined();
    expect(plainText('')).toBeUndefined();
    expect(plainText(null)).toBeUndefined();
    expect(plainText(false)).toBeUndefined();
  });

  it('puts plain text in the width-limited span, and leaves other cells alone (tags side by side too)', () => {
    const tags = <span><b>駅前</b><b>郊外</b><button type="button">x</button></span>;
    expect(shortenedCell(tags)).toBe(tags);
    expect(shortenedCell(undefined)).toBeUndefined();
    render(<>{shortenedCell(<a href="/facility/1">{LONG_NAME}</a>) as React.ReactNode}</>);
    const link = screen.getByRole('link', { name: LONG_NAME });
    expect(link.parentElement).toHaveClass('rouder-cell-text');
  });

  it('limits each plain line of a stack of lines (a name over its period), and leaves the rest', () => {
    render(
      <>
        {shortenedCell(
          <Flex vertical data-testid="lines">
            <a href="/survey/1">{LONG_NAME}</a>
            {null}
            <small>2026/11/01〜2026/11/30</small>
            <button type="button">
              <b>開く</b>
              <i>→</i>
            </button>
          </Flex>,
        ) as React.ReactNode}
      </>,
    );
    const lines = screen.getByTestId('lines');
    expect(screen.getByRole('link', { name: LONG_NAME }).parentElement).toHaveClass('rouder-cell-text');
    expect(screen.getByText('2026/11/01〜2026/11/30').parentElement).toHaveClass('rouder-cell-text');
    expect(screen.getByRole('button').parentElement).toBe(lines);
  });

  it("keeps a cell's own props (antd's RenderedCell)", () => {
    const cell = shortenedCell({ children: '新宿駅前店', props: { colSpan: 2 } }) as { children: unknown; props: unknown };
    expect(cell.props).toEqual({ colSpan: 2 });
    render(<>{cell.children as React.ReactNode}</>);
    expect(screen.getByText('新宿駅前店')).toHaveClass('rouder-cell-text');
  });

  it('shows the whole text in its title while it is cut short, and no title when it is not', () => {
    render(<>{shortenedCell(LONG_NAME) as React.ReactNode}</>);
    const cell = screen.getByText(LONG_NAME);
    // jsdom lays nothing out: the widths of a cut text.
    Object.defineProperty(cell, 'scrollWidth', { configurable: true, value: 900 });
    Object.defineProperty(cell, 'clientWidth', { configurable: true, value: 280 });
    fireEvent.pointerEnter(cell);
    expect(cell).toHaveAttribute('title', LONG_NAME);
    Object.defineProperty(cell, 'scrollWidth', { configurable: true, value: 280 });
    fireEvent.pointerEnter(cell);
    expect(cell).not.toHaveAttribute('title');
  });
});
