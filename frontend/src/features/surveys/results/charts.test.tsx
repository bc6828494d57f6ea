import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderWithProviders';
import { NpsTrendChart } from './charts';
import type { NpsTrendPoint } from './types';

afterEach(() => {
  vi.restoreAllMocks();
});

const week = (index: number, nps: number | null = 10): NpsTrendPoint => ({
  startDate: `2025-0${String(1 + Math.floor(index / 4))}-${String(1 + (index % 4) * 7).padStart(2, '0')}`,
  nps,
  promoterCount: 2,
  passiveCount: 1,
  detractorCount: 1,
});

const weeks = (...values: (number | null)[]) => values.map((nps, index) => week(index, nps));

/** The chart drawn in a card `cardWidth` px wide (0: unmeasured), and its one svg. */
function drawTrend(points: NpsTrendPoint[], cardWidth = 0) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(cardWidth);
  const { container } = renderWithProviders(<NpsTrendChart points={points} interval="WEEK" />);
  const svgs = container.querySelectorAll('svg');
  // The browser test waits for the figure's one svg.
  expect(svgs).toHaveLength(1);
  return svgs[0] as SVGSVGElement;
}

const num = (element: Element, name: string) => Number(element.getAttribute(name));
const textsOf = (svg: SVGSVGElement, pattern: RegExp) =>
  [...svg.querySelectorAll('text')].filter((text) => pattern.test(text.textContent));
const WEEK_LABEL = /^\d{1,2}\/\d{1,2}〜$/;
const VALUE_LABEL = /^[+-]?\d+\.\d$/;

/** Where the trend line crosses the band of a value label's digits (about 8 px above its baseline). */
function lineCrosses(svg: SVGSVGElement, label: Element): boolean {
  const width = 7 * label.textContent.length; // 11 px digits are about 6.5 px wide
  const anchor = label.getAttribute('text-anchor');
  const left = num(label, 'x') - (anchor === 'start' ? 0 : anchor === 'end' ? width : width / 2);
  const right = left + width;
  const [top, bottom] = [num(label, 'y') - 9, num(label, 'y') + 1];
  return [...svg.querySelectorAll('polyline')].some((line) => {
    const corners = (line.getAttribute('points') ?? '').split(' ').map((pair) => pair.split(',').map(Number));
    return corners.slice(1).some(([x2 = 0, y2 = 0], index) => {
      const [x1 = 0, y1 = 0] = corners[index] ?? [];
      for (let t = 0; t <= 1; t += 0.01) {
        const [x, y] = [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
        if (x >= left && x <= right && y >= top && y <= bottom) return true;
      }
      return false;
    });
  });
}

describe('NPS trend', () => {
  it('opens scrolled to the newest weeks (the right end)', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1800);
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'set').mockImplementation(scrolled);
    renderWithProviders(<NpsTrendChart points={Array.from({ length: 30 }, (_, index) => week(index))} interval="WEEK" />);
    expect(screen.getByRole('figure', { name: 'NPSの推移' })).toBeInTheDocument();
    expect(scrolled).toHaveBeenLastCalledWith(1800);
  });

  // The card on a 390 px and a 360 px wide phone.
  it.each([342, 312])('scrolled to the right end in a %i px card, shows its first week label whole', (cardWidth) => {
    for (const count of [6, 8, 30]) {
      const svg = drawTrend(Array.from({ length: count }, (_, index) => week(index)), cardWidth);
      const labels = textsOf(svg, WEEK_LABEL).map((label) => num(label, 'x'));
      expect(labels).toHaveLength(count);
      const step = (labels[1] ?? 0) - (labels[0] ?? 0);
      // Labels are centred in their bucket, and the widest (12/25〜) is about 44 px.
      expect(step).toBeGreaterThanOrEqual(48);
      expect(textsOf(svg, WEEK_LABEL)[0]?.getAttribute('text-anchor')).toBe('middle');
      expect((labels[0] ?? 0) - step / 2).toBeGreaterThanOrEqual(0);
      // The view's left edge lies on the edge of a bucket, so the first label in view is whole.
      const viewLeft = num(svg, 'width') - cardWidth;
      expect(viewLeft).toBeGreaterThan(0);
      const firstInView = labels.find((x) => x > viewLeft) ?? 0;
      expect(firstInView - viewLeft).toBeCloseTo(step / 2);
      cleanup();
    }
  });

  it('fills a wide card without scrolling', () => {
    const svg = drawTrend(weeks(10, 20, 30), 700);
    expect(num(svg, 'width')).toBe(700);
  });

  it('puts a value under its point where the line runs higher, clear of the line and the week labels', () => {
    const cases = [
      weeks(20, -12.5, 20), // a dip below zero
      weeks(30, -40), // the newest week falls
      weeks(-12.5, 30, 5), // the oldest week is lowest
      weeks(null, -12.5, null), // a lone week
      weeks(100, -100, 100), // the lowest an NPS goes
    ];
    for (const points of cases) {
      const svg = drawTrend(points);
      const weekLabelY = num(textsOf(svg, WEEK_LABEL)[0] ?? svg, 'y');
      const markers = [...svg.querySelectorAll('circle')];
      const values = textsOf(svg, VALUE_LABEL);
      expect(values).toHaveLength(markers.length);
      values.forEach((value, index) => {
        const marker = markers[index] ?? svg;
        if (!value.textContent.startsWith('-')) return;
        // Its digits start below the marker and end 4 px above the week labels' digits.
        expect(num(value, 'y') - 8).toBeGreaterThanOrEqual(num(marker, 'cy') + num(marker, 'r'));
        expect(num(value, 'y')).toBeLessThanOrEqual(weekLabelY - 8 - 4);
        expect(lineCrosses(svg, value)).toBe(false);
      });
      cleanup();
    }
  });

  it('puts a value beside its point where the line runs through it, on the side the line leaves empty', () => {
    for (const points of [weeks(43.8, 12.5, -22.7), weeks(-22.7, 12.5, 43.8), weeks(90, 0, -90)]) {
      const svg = drawTrend(points);
      const value = textsOf(svg, VALUE_LABEL)[1] ?? svg;
      const marker = svg.querySelectorAll('circle')[1] ?? svg;
      expect(num(value, 'y')).toBeLessThan(num(marker, 'cy') - num(marker, 'r'));
      expect(value.getAttribute('text-anchor')).toBe(points[0]?.nps === -22.7 ? 'end' : 'start');
      expect(lineCrosses(svg, value)).toBe(false);
      cleanup();
    }
  });

  it('keeps a value above its point where the line runs lower (a peak, below zero too)', () => {
    for (const points of [weeks(10, 40, 10), weeks(-60, -10, -60)]) {
      const svg = drawTrend(points);
      const value = textsOf(svg, VALUE_LABEL)[1] ?? svg;
      const marker = svg.querySelectorAll('circle')[1] ?? svg;
      expect(num(value, 'y')).toBeLessThan(num(marker, 'cy') - num(marker, 'r'));
      expect(num(value, 'y') - 8).toBeGreaterThanOrEqual(0);
      expect(lineCrosses(svg, value)).toBe(false);
      cleanup();
    }
  });
});
