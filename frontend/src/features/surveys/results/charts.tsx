import { Flex, Typography } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { CHART_COLOR, NPS_COLORS, NPS_LABELS, NPS_SEGMENTS, segmentOf, type NpsSegment } from './colors';
import { bucketLabel, npsText, percentOf, tallyTotal } from './format';
import type { NpsTally, NpsTrendPoint, QuestionResult } from './types';

// Plain charts (CSS and SVG, no chart library): the NPS split, the 0–10 distribution, the trend
// and a question's counts. Each names itself for assistive technology and shows its numbers as text.

const countOf = (tally: NpsTally, segment: NpsSegment): number =>
  segment === 'promoter' ? tally.promoterCount : segment === 'passive' ? tally.passiveCount : tally.detractorCount;

/** Promoters / passives / detractors as one stacked bar in the report colours. */
export function NpsStackedBar({ tally, width = 160 }: { tally: NpsTally; width?: number | string }) {
  const total = tallyTotal(tally);
  const label = NPS_SEGMENTS.map((segment) => `${NPS_LABELS[segment]} ${String(countOf(tally, segment))}`).join(' / ');
  return (
    <Flex vertical gap={2} style={{ width }}>
      <div
        role="img"
        aria-label={label}
        title={label}
        style={{ display: 'flex', height: 10, borderRadius: 5, overflow: 'hidden', background: '#f0f0f0' }}
      >
        {total > 0 &&
          NPS_SEGMENTS.map((segment) => (
            <div
              key={segment}
              style={{ width: `${String((countOf(tally, segment) * 100) / total)}%`, background: NPS_COLORS[segment] }}
            />
          ))}
      </div>
      <Flex gap={8} style={{ fontSize: 12 }} wrap>
        {NPS_SEGMENTS.map((segment) => (
          <span key={segment} style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden style={{ color: NPS_COLORS[segment] }}>
              ●
            </span>
            {countOf(tally, segment)}
          </span>
        ))}
      </Flex>
    </Flex>
  );
}

/** The legend of the three segments with their scores. */
export function NpsLegend() {
  const scores: Record<NpsSegment, string> = { promoter: '9〜10', passive: '7〜8', detractor: '0〜6' };
  return (
    <Flex gap="middle" wrap style={{ fontSize: 12 }}>
      {NPS_SEGMENTS.map((segment) => (
        <span key={segment}>
          <span aria-hidden style={{ color: NPS_COLORS[segment] }}>
            ■
          </span>
          {NPS_LABELS[segment]}（{scores[segment]}）
        </span>
      ))}
    </Flex>
  );
}

/** Answers per score 0–10 as columns coloured promoter / passive / detractor. */
export function ScoreDistributionChart({ distribution }: { distribution: readonly number[] }) {
  const counts = Array.from({ length: 11 }, (_, score) => distribution[score] ?? 0);
  const highest = Math.max(1, ...counts);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return (
    <figure aria-label="おすすめ度の分布" style={{ margin: 0 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(11, minmax(0, 1fr))', gap: 4, alignItems: 'end' }}>
        {counts.map((count, score) => (
          <div
            key={score}
            aria-label={`${String(score)}点: ${String(count)}件`}
            style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'flex-end', height: 180 }}
          >
            <span style={{ fontSize: 11 }}>{count}</span>
            <div
              style={{
                width: '100%',
                height: `${String((count * 140) / highest)}px`,
                minHeight: count > 0 ? 2 : 0,
                background: NPS_COLORS[segmentOf(score)],
                borderRadius: '3px 3px 0 0',
              }}
            />
          </div>
        ))}
        {counts.map((_, score) => (
          <span key={score} aria-hidden style={{ textAlign: 'center', fontSize: 12 }}>
            {score}
          </span>
        ))}
      </div>
      <figcaption style={{ marginTop: 8 }}>
        <Flex justify="space-between" wrap gap="small">
          <NpsLegend />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            回答 {total}件
          </Typography.Text>
        </Flex>
      </figcaption>
    </figure>
  );
}

const TREND_HEIGHT = 220;
const TREND_MIN_STEP = 56;
const PAD = { top: 24, right: 24, bottom: 40, left: 44 };
// A value's baseline above or below its point: its digits (about 8 px tall) stay 4 px clear of the marker.
const LABEL_ABOVE = -8;
const LABEL_BELOW = 16;
// 11 px digits are about 6.5 px wide; a label beside its point starts this far from it.
const LABEL_CHAR_WIDTH = 6.5;
const LABEL_ASIDE = 5;

type LabelPlace = { dy: number; dx: number; anchor: 'middle' | 'start' | 'end' };

/** The width of an element, following its resizes (0 until measured or without ResizeObserver). */
function useWidth(): [(element: HTMLElement | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => {
      setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [ref, width];
}

const over: LabelPlace = { dy: LABEL_ABOVE, dx: 0, anchor: 'middle' };
const under: LabelPlace = { dy: LABEL_BELOW, dx: 0, anchor: 'middle' };

/** A point's value; a white outline keeps a gridline passing behind it from striking it through. */
function ValueLabel({ x, y, place, text }: { x: number; y: number; place: LabelPlace; text: string }) {
  return (
    <text
      x={x + place.dx}
      y={y + place.dy}
      textAnchor={place.anchor}
      fontSize={11}
      stroke="#fff"
      strokeWidth={3}
      strokeLinejoin="round"
      paintOrder="stroke"
    >
      {text}
    </text>
  );
}

/** Gridlines every 20 points (50 for a wide range) from `bottom` to `top`. */
function ticksOf(bottom: number, top: number): number[] {
  const step = top - bottom > 100 ? 50 : 20;
  const ticks: number[] = [];
  for (let tick = Math.ceil(bottom / step) * step; tick <= top; tick += step) ticks.push(tick);
  return ticks;
}

/** NPS per week or month as a line (buckets without answers leave a gap), with the answer counts. */
export function NpsTrendChart({ points, interval }: { points: readonly NpsTrendPoint[]; interval: 'WEEK' | 'MONTH' }) {
  const [ref, available] = useWidth();
  const scroller = useRef<HTMLElement | null>(null);
  const figureRef = useCallback(
    (element: HTMLElement | null) => {
      scroller.current = element;
      return ref(element);
    },
    [ref],
  );
  // The newest buckets are on the right and matter most: open (and stay, as the width or the
  // buckets change) scrolled to the right end.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [available, points]);
  if (points.length === 0) {
    return <Typography.Text type="secondary">この条件の回答はありません</Typography.Text>;
  }
  const values = points.flatMap((point) => (point.nps === null || point.nps === undefined ? [] : [point.nps]));
  const top = Math.min(100, Math.ceil((Math.max(0, ...values) + 10) / 20) * 20);
  // 20 points under the lowest value (at least 14 px, as the range is at most 220 points), for its
  // label to fit under it, clear of the bucket labels; -120 for an NPS of -100 (no tick is drawn there).
  const bottom = Math.floor((Math.min(0, ...values) - 20) / 20) * 20;
  // The card's width (320 until measured), or wider, scrolling sideways, when the buckets need more
  // room. Scrolled to the right end, the view then starts on a bucket's edge: had it started mid-bucket,
  // the first label in view would be cut at the card's left edge (as on a phone).
  const view = available || 320;
  const shown = Math.max(1, Math.floor((view - PAD.right) / TREND_MIN_STEP));
  const step =
    points.length <= shown ? (view - PAD.left - PAD.right) / points.length : (view - PAD.right) / shown;
  const width = PAD.left + points.length * step + PAD.right;
  const plotHeight = TREND_HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + step / 2 + index * step;
  const y = (value: number) => PAD.top + ((top - value) * plotHeight) / (top - bottom);
  const ticks = ticksOf(bottom, top);

  // Line segments between neighbouring buckets that both have an NPS.
  const segments: string[] = [];
  let current: string[] = [];
  points.forEach((point, index) => {
    if (point.nps === null || point.nps === undefined) {
      if (current.length > 1) segments.push(current.join(' '));
      current = [];
      return;
    }
    current.push(`${String(x(index))},${String(y(point.nps))}`);
  });
  if (current.length > 1) segments.push(current.join(' '));

  // Where a value's label goes: above its point, or under it where the line beside the point runs
  // into the space above (a dip); where the line runs through both (rising on one side, falling on the
  // other), beside the point on the side the line leaves empty. A lone point: under it below zero.
  const labelPlace = (index: number, nps: number): LabelPlace => {
    const half = (npsText(nps).length * LABEL_CHAR_WIDTH) / 2;
    // How far the segment to a neighbour has risen (negative) or fallen at the label's edge.
    const drift = (neighbour: number) => {
      const other = points[neighbour]?.nps;
      return typeof other === 'number' ? ((y(other) - y(nps)) * Math.min(half, step)) / step : 0;
    };
    const [left, right] = [drift(index - 1), drift(index + 1)];
    const gap = -LABEL_ABOVE - 4; // the room between the marker and a label's digits
    const above = Math.max(0, -left - gap, -right - gap);
    const below = Math.max(0, left - gap, right - gap);
    if (above === 0 && below === 0) return nps < 0 && left === 0 && right === 0 ? under : over;
    if (above === 0) return over;
    if (below === 0) return under;
    // The line crosses the point: from the upper left, its upper right is empty; else its upper left.
    return left < right
      ? { dy: LABEL_ABOVE, dx: LABEL_ASIDE, anchor: 'start' }
      : { dy: LABEL_ABOVE, dx: -LABEL_ASIDE, anchor: 'end' };
  };

  return (
    <figure ref={figureRef} aria-label="NPSの推移" style={{ margin: 0, overflowX: 'auto' }}>
      <svg width={width} height={TREND_HEIGHT} role="img" aria-label="NPSの推移グラフ">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={width - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? '#8c8c8c' : '#f0f0f0'}
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#8c8c8c">
              {tick}
            </text>
          </g>
        ))}
        {segments.map((line) => (
          <polyline key={line} points={line} fill="none" stroke={CHART_COLOR} strokeWidth={2} />
        ))}
        {points.map((point, index) => {
          const label = bucketLabel(point.startDate, interval);
          const answers = tallyTotal(point);
          return (
            <g key={point.startDate}>
              <title>{`${label} NPS ${npsText(point.nps)}（${String(answers)}件）`}</title>
              {point.nps !== null && point.nps !== undefined && (
                <>
                  <circle cx={x(index)} cy={y(point.nps)} r={4} fill={CHART_COLOR} />
                  <ValueLabel x={x(index)} y={y(point.nps)} place={labelPlace(index, point.nps)} text={npsText(point.nps)} />
                </>
              )}
              <text x={x(index)} y={TREND_HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="#595959">
                {label}
              </text>
              <text x={x(index)} y={TREND_HEIGHT - PAD.bottom + 30} textAnchor="middle" fontSize={10} fill="#8c8c8c">
                {answers}件
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** A choice or rating question's counts as horizontal bars with count and share. */
export function ChoiceBars({ question }: { question: QuestionResult }) {
  const total = question.counts.reduce((sum, choice) => sum + choice.count, 0);
  const highest = Math.max(1, ...question.counts.map((choice) => choice.count));
  return (
    <Flex vertical gap={6} role="list" aria-label={question.text}>
      {question.counts.map((choice) => (
        <div
          key={choice.label}
          role="listitem"
          style={{ display: 'grid', gridTemplateColumns: 'minmax(72px, 35%) 1fr auto', gap: 8, alignItems: 'center' }}
        >
          <Typography.Text ellipsis={{ tooltip: choice.label }}>{choice.label}</Typography.Text>
          <div style={{ background: '#f5f5f5', borderRadius: 3, height: 14 }}>
            <div
              style={{
                width: `${String((choice.count * 100) / highest)}%`,
                height: '100%',
                background: CHART_COLOR,
                borderRadius: 3,
              }}
            />
          </div>
          <span style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {choice.count}件（{percentOf(choice.count, total)}%）
          </span>
        </div>
      ))}
    </Flex>
  );
}
