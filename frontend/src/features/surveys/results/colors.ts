// docs/product/constants.md: the report colour names promoter / passive / detractor (visual only). The one
// place their colours are chosen; every NPS chart and tag of the results screens reads them here.

export type NpsSegment = 'promoter' | 'passive' | 'detractor';

export const NPS_COLORS: Record<NpsSegment, string> = {
  /** Scores 9–10: the theme's green family. */
  promoter: '#2e9d5b',
  /** Scores 7–8: a neutral amber. */
  passive: '#f0b429',
  /** Scores 0–6: the error red family. */
  detractor: '#e0533d',
};

export const NPS_LABELS: Record<NpsSegment, string> = {
  promoter: '推奨者',
  passive: '中立者',
  detractor: '批判者',
};

export const NPS_SEGMENTS: readonly NpsSegment[] = ['promoter', 'passive', 'detractor'];

/** The segment of a 0–10 score: 9–10 promoter, 7–8 passive, 0–6 detractor. */
export function segmentOf(score: number): NpsSegment {
  if (score >= 9) return 'promoter';
  if (score >= 7) return 'passive';
  return 'detractor';
}

/** Line and bar colour of the NPS trend and of plain counts. */
export const CHART_COLOR = '#1677ff';
