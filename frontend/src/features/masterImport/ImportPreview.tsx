import { DownloadOutlined, KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Popconfirm, Progress, Segmented, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { startDownload } from '@/lib/download';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { useOrganizationId } from '@/features/masters/common/session';
import { ListTable } from '@/shared/list/ListTable';
import { dateTime } from '@/shared/files/format';
import { masterDownloads } from './api';
import { useMasterImportMutations } from './mutations';
import { importQuery, importRowsQuery, working } from './queries';
import { countOf, IMPORT_STATUS, MASTER_OP_LABELS, MASTER_OPS, MASTER_SET_LABELS, totals } from './schema';
import type { MasterCount, MasterImport, MasterImportRow, MasterOp, MasterSet } from './types';

const ROWS_PER_PAGE = 20;

/**
 * One import: its progress while previewed or applied, the counts per sheet, every row with
 * what applying does to it (each changed field old → new, each error with its column, value and
 * message), the preview workbook with an error column, applying, and the new users' initial
 * passwords (downloadable once).
 */
export function ImportPreview({ importId, onClose }: { importId: number; onClose: () => void }) {
  const organizationId = useOrganizationId();
  const query = useQuery(importQuery(organizationId, importId));
  const im = query.data;
  if (!im) {
    return (
      <Card size="small" loading={query.isPending} title="取込の内容" style={{ marginBottom: 16 }}>
        {query.isError && <Alert type="error" title={query.error.message} />}
      </Card>
    );
  }
  return (
    <Card
      size="small"
      title={`取込の内容：${im.fileName}`}
      extra={
        <Button size="small" onClick={onClose}>
          閉じる
        </Button>
      }
      style={{ marginBottom: 16 }}
      aria-label="取込の内容"
    >
      <ImportState im={im} />
      {im.counts.length > 0 && <CountsTable counts={im.counts} />}
      {im.status !== 'PREVIEWING' && im.counts.length > 0 && <ImportActions im={im} />}
      {im.status !== 'PREVIEWING' && im.counts.length > 0 && <RowsList im={im} />}
    </Card>
  );
}

function ImportState({ im }: { im: MasterImport }) {
  const status = IMPORT_STATUS[im.status];
  const percent = im.rowsTotal > 0 ? Math.floor((im.rowsDone / im.rowsTotal) * 100) : 0;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <span>
        <Tag color={status.color} data-testid="import-status">
          {status.label}
        </Tag>
        <Typography.Text type="secondary">
          {dateTime(im.createDate)}・{im.userAccount}・{im.rowsTotal.toLocaleString('ja-JP')}行
        </Typography.Text>
      </span>
      {working(im) && (
        <Progress percent={im.status === 'APPLYING' ? 99 : percent} status="active" aria-label="進み具合" size="small" />
      )}
      {im.status === 'FAILED' && <Alert type="error" showIcon title={im.message} />}
      {im.status === 'APPLIED' && <Alert type="success" showIcon title={`反映しました（${dateTime(im.applyDate ?? im.createDate)}）。`} />}
    </Flex>
  );
}

function CountsTable({ counts }: { counts: MasterCount[] }) {
  const columns: TableColumnsType<MasterCount> = [
    { key: 'sheet', title: 'シート', dataIndex: 'sheet' },
    ...MASTER_OPS.map((op) => ({
      key: op,
      title: MASTER_OP_LABELS[op].label,
      align: 'right' as const,
      render: (_: unknown, c: MasterCount) => {
        const n = countOf(c, op);
        if (op === 'DELETE' && !c.deleting) return <Typography.Text type="secondary">削除しない</Typography.Text>;
        return n > 0 && op !== 'UNCHANGED' ? <Tag color={MASTER_OP_LABELS[op].color}>{n.toLocaleString('ja-JP')}</Tag> : n.toLocaleString('ja-JP');
      },
    })),
  ];
  // Its own scroll box: seven columns do not fit a phone, and the page must not scroll sideways.
  return (
    <div style={{ overflowX: 'auto', marginBottom: 12 }}>
      <Table<MasterCount>
        aria-label="シートごとの件数"
        size="small"
        rowKey="set"
        columns={columns}
        dataSource={counts}
        pagination={false}
        style={{ minWidth: 520 }}
      />
    </div>
  );
}

function ImportActions({ im }: { im: MasterImport }) {
  const organizationId = useOrganizationId();
  const { apply } = useMasterImportMutations();
  const toasts = useMasterToasts();
  const sum = totals(im.counts);
  // Why it cannot be applied is the server's (the same message its apply call answers).
  const canApply = im.status === 'PREVIEWED' && im.applyRefusal === '';
  const why = im.applyRefusal;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      {why && <Alert type={sum.ERROR > 0 ? 'warning' : 'info'} showIcon title={why} />}
      <Flex gap="small" wrap>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => {
            startDownload(masterDownloads.preview(im.importId, organizationId));
          }}
        >
          エラー列付きのブック
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => {
            startDownload(masterDownloads.upload(im.importId, organizationId));
          }}
        >
          取り込んだファイル
        </Button>
        {im.status === 'PREVIEWED' && (
          <Popconfirm
            title="マスタに反映しますか？"
            description={`登録${String(sum.CREATE)}件・更新${String(sum.UPDATE)}件・削除${String(sum.DELETE)}件をまとめて反映します。`}
            okText="反映する"
            cancelText="キャンセル"
            disabled={!canApply}
            onConfirm={() => {
              void apply.mutateAsync(im.importId).then(toasts.outcome);
            }}
          >
            <Button type="primary" disabled={!canApply} loading={apply.isPending}>
              反映する
            </Button>
          </Popconfirm>
        )}
        {im.passwordsAvailable && im.mine && (
          <Button
            icon={<KeyOutlined />}
            onClick={() => {
              startDownload(masterDownloads.passwords(im.importId, organizationId));
            }}
          >
            初期パスワード（{im.passwords}名・1回だけ）
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

type SetChoice = MasterSet | 'ALL';

function RowsList({ im }: { im: MasterImport }) {
  const organizationId = useOrganizationId();
  const sum = totals(im.counts);
  const [set, setSet] = useState<SetChoice>('ALL');
  const [op, setOp] = useState<MasterOp | undefined>(sum.ERROR > 0 ? 'ERROR' : undefined);
  const [page, setPage] = useState(1);
  const rows = useQuery(
    importRowsQuery(organizationId, im.importId, { set: set === 'ALL' ? undefined : set, op, page, size: ROWS_PER_PAGE }),
  );
  const columns: TableColumnsType<MasterImportRow> = [
    { key: 'sheet', title: 'シート', width: 100, render: (_, r) => r.sheet },
    { key: 'line', title: '行', width: 60, align: 'right', render: (_, r) => (r.line > 0 ? r.line : '') },
    { key: 'op', title: '内容', width: 90, render: (_, r) => <Tag color={MASTER_OP_LABELS[r.op].color}>{MASTER_OP_LABELS[r.op].label}</Tag> },
    { key: 'name', title: '名前', width: 180, render: (_, r) => r.name },
    { key: 'detail', title: '変更・エラー', render: (_, r) => <RowDetail row={r} /> },
  ];
  return (
    <>
      <Flex wrap gap="small" style={{ marginBottom: 8 }}>
        {/* Six choices do not fit a phone: they scroll within their own box. */}
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented<SetChoice>
            aria-label="シート"
            value={set}
            onChange={(v) => {
              setSet(v);
              setPage(1);
            }}
            options={[{ value: 'ALL', label: 'すべて' }, ...im.counts.map((c) => ({ value: c.set, label: MASTER_SET_LABELS[c.set] }))]}
          />
        </div>
        <Select<MasterOp>
          aria-label="内容で絞り込み"
          allowClear
          placeholder="すべての内容"
          value={op ?? null}
          onChange={(v?: MasterOp) => {
            setOp(v);
            setPage(1);
          }}
          options={MASTER_OPS.map((o) => ({ value: o, label: MASTER_OP_LABELS[o].label }))}
          style={{ minWidth: 140 }}
        />
      </Flex>
      <ListTable<MasterImportRow>
        label="取込の行"
        rowKey={(r) => `${r.set}-${String(r.line)}-${String(r.id ?? 0)}`}
        columns={columns}
        items={rows.data?.items}
        total={rows.data?.total ?? 0}
        page={page}
        size={ROWS_PER_PAGE}
        fetching={rows.isFetching}
        error={rows.isError ? <Alert type="error" title={rows.error.message} /> : undefined}
        onPageChange={(p) => {
          setPage(p);
        }}
        emptyText="該当する行はありません"
        renderCard={(r) => (
          <Flex vertical gap={4}>
            <span>
              <Tag color={MASTER_OP_LABELS[r.op].color}>{MASTER_OP_LABELS[r.op].label}</Tag>
              <Typography.Text strong>{r.name}</Typography.Text>
            </span>
            <Typography.Text type="secondary">
              {r.sheet}
              {r.line > 0 ? ` ${String(r.line)}行目` : ''}
            </Typography.Text>
            <RowDetail row={r} />
          </Flex>
        )}
      />
    </>
  );
}

function RowDetail({ row }: { row: MasterImportRow }) {
  return (
    <Flex vertical gap={2}>
      {row.changes.map((c) => (
        <Typography.Text key={c.column}>
          {c.column}: <Typography.Text delete type="secondary">{c.old || '（空欄）'}</Typography.Text> → {c.new || '（空欄）'}
        </Typography.Text>
      ))}
      {row.errors.map((e, i) => (
        <Typography.Text key={String(i)} type="danger">
          {e.column ? `［${e.column}］` : ''}
          {e.value ? `「${e.value}」: ` : ''}
          {e.message}
        </Typography.Text>
      ))}
    </Flex>
  );
}
