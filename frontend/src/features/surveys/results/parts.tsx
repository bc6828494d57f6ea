import { Typography } from 'antd';
import { NPS_COLORS } from './colors';
import { npsText } from './format';

/** NPS with its sign and one decimal, coloured by its side of zero; '－' without answers. */
export function NpsValue({
  nps,
  strong = false,
  fontSize,
}: {
  nps: number | null | undefined;
  strong?: boolean;
  /** For a headline figure; the text's own size otherwise. */
  fontSize?: number;
}) {
  if (nps === null || nps === undefined) return <Typography.Text type="secondary">－</Typography.Text>;
  const color = nps > 0 ? NPS_COLORS.promoter : nps < 0 ? NPS_COLORS.detractor : undefined;
  return (
    <Typography.Text strong={strong} style={{ color, fontSize, fontVariantNumeric: 'tabular-nums' }}>
      {npsText(nps)}
    </Typography.Text>
  );
}
