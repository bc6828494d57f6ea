import { Badge, Tag } from 'antd';
import { dateText, STATUS_COLORS, STATUS_LABELS } from './format';
import type { Improvement } from './types';

/** The status in the report colours, with a dot while unread for me. */
export function StatusTag({ report }: { report: Pick<Improvement, 'status' | 'isUnread'> }) {
  const tag = (
    <Tag color={STATUS_COLORS[report.status]} style={{ marginInlineEnd: 0 }}>
      {STATUS_LABELS[report.status]}
    </Tag>
  );
  return report.isUnread ? (
    <Badge dot offset={[-2, 2]} title="未読">
      {tag}
    </Badge>
  ) : (
    tag
  );
}

/** The due date, red with 期限切れ once past. */
export function DueText({ report }: { report: Pick<Improvement, 'dueDate' | 'overdue'> }) {
  return (
    <span style={report.overdue ? { color: 'var(--ant-color-error, #ff4d4f)', fontWeight: 600 } : undefined}>
      {dateText(report.dueDate)}
      {report.overdue && (
        <Tag color="error" style={{ marginInlineStart: 6 }}>
          期限切れ
        </Tag>
      )}
    </span>
  );
}
