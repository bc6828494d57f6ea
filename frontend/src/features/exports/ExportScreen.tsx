import { getRouteApi } from '@tanstack/react-router';
import { Flex, Select, Typography, type TableColumnsType } from 'antd';
import { dayjs } from '@/lib/time/dayjs';
import { DATE_FORMAT } from '@/shared/dates/format';
import { FileActions, FileStatus } from '@/shared/files/FileParts';
import { bytes, dateTime, periodText } from '@/shared/files/format';
import { inProgress } from '@/shared/files/madeFile';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationId } from '@/features/masters/common/session';
import { DateRangeFilter } from '@/shared/list/DateRangeFilter';
import { ListTable } from '@/shared/list/ListTable';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { downloadUrl, mailAllowed } from './api';
import { useExportMutations } from './mutations';
import { historyFileListQuery } from './queries';
import { RequestCard } from './RequestCard';
import { HISTORY_TYPE_LABELS, HISTORY_TYPES, type HistoryFileSearch } from './schema';
import type { HistoryFile } from './types';

const routeApi = getRouteApi('/history_export/file/');

/** The route's component: the screen on the URL's search state. */
export function ExportPage() {
  return <ExportScreen {...useRouteSearch<HistoryFileSearch>(routeApi)} />;
}

interface Props {
  search: HistoryFileSearch;
  onSearchChange: (search: HistoryFileSearch) => void;
}

/**
 * /history_export/file/ (ROLE_HISTORY_EXPORT): asking for an export, and the files asked for,
 * newest first, with their making's progress (the list asks again while one is being made),
 * the download once made, and deletion by the user who asked.
 */
export function ExportScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const { list, change, tableProps } = useListState({
    pageSizeList: 'historyFile',
    search,
    onSearchChange,
    query: (size) =>
      historyFileListQuery(organizationId, {
        createDateFrom: search.createDateFrom,
        createDateTo: search.createDateTo,
        historyType: search.historyType,
        page: search.page,
        size,
      }),
  });
  const toasts = useMasterToasts();
  const { remove } = useExportMutations();
  const del = async (file: HistoryFile) => {
    toasts.outcome(await remove.mutateAsync(file.fileId));
  };
  const actions = (file: HistoryFile) => (
    <FileActions file={file} url={downloadUrl(file.fileId, organizationId)} onDelete={del} />
  );

  const columns: TableColumnsType<HistoryFile> = [
    { key: 'createDate', title: '依頼日時', width: 140, render: (_, file) => dateTime(file.createDate) },
    {
      key: 'file',
      title: 'ファイル',
      render: (_, file) => (
        <Flex vertical gap={0}>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{file.fileName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {HISTORY_TYPE_LABELS[file.historyType]}・{periodOf(file)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: '状態', width: 170, render: (_, file) => <FileStatus file={file} /> },
    { key: 'user', title: '依頼者', dataIndex: 'userAccount', width: 110 },
    { key: 'size', title: 'サイズ', width: 80, align: 'right', render: (_, file) => (file.status === 'DONE' ? bytes(file.fileSize) : '') },
    { key: 'expire', title: '保存期限', width: 100, render: (_, file) => dayjs(file.expireDate).tz().format(DATE_FORMAT) },
    { key: 'actions', title: '操作', width: 190, render: (_, file) => actions(file) },
  ];

  return (
    <MasterPage title="エクスポート">
      <RequestCard mailAllowed={mailAllowed(list.data)} />
      <Flex wrap gap="small" style={{ marginBottom: 12 }}>
        <DateRangeFilter
          label="依頼日で絞り込み"
          from={search.createDateFrom}
          to={search.createDateTo}
          placeholder={['依頼日から', 'まで']}
          onChange={(createDateFrom, createDateTo) => {
            change({ createDateFrom, createDateTo });
          }}
        />
        <Select
          aria-label="種類で絞り込み"
          value={search.historyType ?? null}
          onChange={(historyType?: HistoryFileSearch['historyType']) => {
            change({ historyType });
          }}
          options={HISTORY_TYPES.map((t) => ({ value: t, label: HISTORY_TYPE_LABELS[t] }))}
          placeholder="種類"
          allowClear
          style={{ flex: '1 1 140px', maxWidth: 200 }}
        />
      </Flex>
      <ListTable<HistoryFile>
        label="エクスポートしたファイル"
        rowKey={(file) => file.fileId}
        columns={columns}
        {...tableProps}
        emptyText="エクスポートしたファイルはありません"
        renderCard={(file) => (
          <Flex vertical gap={4}>
            <Typography.Text strong>{file.fileName}</Typography.Text>
            <Typography.Text type="secondary">
              {HISTORY_TYPE_LABELS[file.historyType]}・{periodOf(file)}・{dateTime(file.createDate)}・{file.userAccount}
            </Typography.Text>
            <FileStatus file={file} />
          </Flex>
        )}
      />
      {list.data?.items.some(inProgress) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          作成中のファイルは、できあがると自動でダウンロードできる状態になります。
        </Typography.Paragraph>
      )}
    </MasterPage>
  );
}

function periodOf(file: HistoryFile): string {
  return periodText(file.request.historyDateFrom, file.request.historyDateTo);
}
