import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { startDownload } from '@/lib/download';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import type { MadeFile, MadeFileStatus } from './madeFile';

const STATUS: Record<MadeFileStatus, { label: string; color: string }> = {
  QUEUED: { label: '待機中', color: 'default' },
  RUNNING: { label: '作成中', color: 'processing' },
  DONE: { label: '完了', color: 'success' },
  FAILED: { label: '失敗', color: 'error' },
};

/** The status, with the progress while made ("units" counts rows or stores), the reason when failed, and any notice. */
export function FileStatus({ file, units = '行' }: { file: MadeFile; units?: string }) {
  const status = STATUS[file.status];
  const percent = file.rowsTotal > 0 ? Math.floor((file.rowsDone / file.rowsTotal) * 100) : 0;
  return (
    <Flex vertical gap={2} data-testid={`file-status-${String(file.fileId)}`}>
      <span>
        <Tag color={status.color}>{status.label}</Tag>
        {file.status === 'RUNNING' && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {file.rowsDone.toLocaleString('ja-JP')} / {file.rowsTotal.toLocaleString('ja-JP')}
            {units}
          </Typography.Text>
        )}
      </span>
      {file.status === 'RUNNING' && <Progress percent={percent} size="small" aria-label="作成の進み具合" />}
      {file.status === 'FAILED' && <Typography.Text type="danger">{file.failureReason}</Typography.Text>}
      {file.status === 'DONE' && file.notice && (
        // Of no width of its own (a one-line text would widen the list's column to its length and
        // squeeze the file name): as wide as the column, cut with an ellipsis, whole in the tooltip.
        <div style={{ width: 0, minWidth: '100%' }}>
          <Tooltip title={file.notice}>
            <Typography.Text type="warning" style={{ fontSize: 12 }} ellipsis>
              {file.notice}
            </Typography.Text>
          </Tooltip>
        </div>
      )}
    </Flex>
  );
}

/** Download once made; delete for the user who asked. */
export function FileActions<F extends MadeFile>({
  file,
  url,
  onDelete,
}: {
  file: F;
  /** Where the made file downloads from (browser navigation). */
  url: string;
  onDelete: (file: F) => Promise<void>;
}) {
  return (
    <Flex gap="small" wrap>
      {file.status === 'DONE' && (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          aria-label={`${file.fileName}をダウンロード`}
          onClick={() => {
            startDownload(url);
          }}
        >
          ダウンロード
        </Button>
      )}
      {file.deletable && <DeleteButton size="small" label={`${file.fileName}を削除`} onConfirm={() => onDelete(file)} />}
    </Flex>
  );
}
