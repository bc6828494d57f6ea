import { Flex, Progress, Typography } from 'antd';
import { formatNumber } from '../common/NumberInputFormat';
import { humanBytes, usagePercent } from './format';

interface Props {
  /** Bytes used by uploaded files. */
  usage: number;
  /** The storage limit in bytes; 0 or less: no limit. */
  limit: number;
  /** One line for a list cell. */
  compact?: boolean;
}

/** Storage used against the limit, read-only: 'used / limit' with a progress bar. */
export function StorageUsage({ usage, limit, compact = false }: Props) {
  const unlimited = limit <= 0;
  const percent = usagePercent(usage, limit);
  const status = unlimited ? 'normal' : percent >= 100 ? 'exception' : 'normal';
  const text = unlimited ? `${humanBytes(usage)} / 無制限` : `${humanBytes(usage)} / ${humanBytes(limit)}`;
  if (compact) {
    return (
      <Flex vertical gap={0} style={{ minWidth: 140 }}>
        <Typography.Text>{text}</Typography.Text>
        {!unlimited && <Progress percent={percent} size="small" status={status} aria-label="ストレージ使用率" />}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={4} aria-label="ストレージ使用量">
      <Typography.Text strong>{text}</Typography.Text>
      {!unlimited && <Progress percent={percent} status={status} aria-label="ストレージ使用率" />}
      <Typography.Text type="secondary">
        使用量 {formatNumber(usage)} バイト
        {unlimited ? '(上限なし)' : ` / 上限 ${formatNumber(limit)} バイト`}
      </Typography.Text>
    </Flex>
  );
}
