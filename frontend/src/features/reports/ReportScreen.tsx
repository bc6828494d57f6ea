import { getRouteApi } from '@tanstack/react-router';
import { Flex, Select, Typography, type TableColumnsType } from 'antd';
import { dayjs } from '@/lib/time/dayjs';
import { DATE_FORMAT } from '@/shared/dates/format';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationId } from '@/features/masters/common/session';
import { FileActions, FileStatus } from '@/shared/files/FileParts';
import { bytes, dateTime, periodText } from '@/shared/files/format';
import { DateRangeFilter } from '@/shared/list/DateRangeFilter';
import { ListTable } from '@/shared/list/ListTable';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { reportDownloadUrl } from './api';
import { useReportMutations } from './mutations';
import { reportFileListQuery } from './queries';
import { ReportRequestCard } from './ReportRequestCard';
import { REPORT_TYPE_LABELS, REPORT_TYPES, type ReportFileSearch } from './schema';
import type { ReportFile } from './types';

const routeApi = getRouteApi('/report/file/');

/** The route's component: the screen on the URL's search state. */
export function ReportPage() {
  return <ReportScreen {...useRouteSearch<ReportFileSearch>(routeApi)} />;
}

interface Props {
  search: ReportFileSearch;
  onSearchChange: (search: ReportFileSearch) => void;
}

/**
 * /report/file/ (ROLE_REPORT_REFERENCE): asking for a PDF report, and the reports asked for,
 * newest first, with their making's progress (stores drawn), the download and deletion by the
 * user who asked.
 */
export function ReportScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const { change, tableProps } = useListState({
    pageSizeList: 'reportFile',
    search,
    onSearchChange,
    query: (size) =>
      reportFileListQuery(organizationId, {
        reportType: search.reportType,
        fromDate: search.fromDate,
        toDate: search.toDate,
        page: search.page,
        size,
      }),
  });
  const toasts = useMasterToasts();
  const { remove } = useReportMutations();
  const del = async (file: ReportFile) => {
    toasts.outcome(await remove.mutateAsync(file.fileId));
  };
  const actions = (file: ReportFile) => <FileActions file={file} url={reportDownloadUrl(file.fileId, organizationId)} onDelete={del} />;
  const about = (file: ReportFile) =>
    `${REPORT_TYPE_LABELS[file.reportType]}・${periodText(file.request.fromDate, file.request.toDate)}・${String(file.request.facilityIdList.length)}店舗`;

  const columns: TableColumnsType<ReportFile> = [
    { key: 'createDate', title: '依頼日時', width: 140, render: (_, file) => dateTime(file.createDate) },
    {
      key: 'file',
      title: 'レポート',
      render: (_, file) => (
        <Flex vertical gap={0}>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{file.fileName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {about(file)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'status', title: '状態', width: 170, render: (_, file) => <FileStatus file={file} units="店舗" /> },
    { key: 'user', title: '依頼者', dataIndex: 'userAccount', width: 110 },
    { key: 'size', title: 'サイズ', width: 80, align: 'right', render: (_, file) => (file.status === 'DONE' ? bytes(file.fileSize) : '') },
    { key: 'expire', title: '保存期限', width: 100, render: (_, file) => dayjs(file.expireDate).tz().format(DATE_FORMAT) },
    { key: 'actions', title: '操作', width: 190, render: (_, file) => actions(file) },
  ];

  return (
    <MasterPage title="レポート">
      <ReportRequestCard />
      <Flex wrap gap="small" style={{ marginBottom: 12 }}>
        <DateRangeFilter
          label="依頼日で絞り込み"
          from={search.fromDate}
          to={search.toDate}
          placeholder={['依頼日から', 'まで']}
          onChange={(fromDate, toDate) => {
            change({ fromDate, toDate });
          }}
        />
        <Select
          aria-label="種類で絞り込み"
          value={search.reportType ?? null}
          onChange={(reportType?: ReportFileSearch['reportType']) => {
            change({ reportType });
          }}
          options={REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))}
          placeholder="種類"
          allowClear
          style={{ flex: '1 1 140px', maxWidth: 200 }}
        />
      </Flex>
      <ListTable<ReportFile>
        label="作成したレポート"
        rowKey={(file) => file.fileId}
        columns={columns}
        {...tableProps}
        emptyText="作成したレポートはありません"
        renderCard={(file) => (
          <Flex vertical gap={4}>
            <Typography.Text strong style={{ wordBreak: 'break-all' }}>
              {file.fileName}
            </Typography.Text>
            <Typography.Text type="secondary">
              {about(file)}・{dateTime(file.createDate)}・{file.userAccount}
            </Typography.Text>
            <FileStatus file={file} units="店舗" />
          </Flex>
        )}
      />
    </MasterPage>
  );
}
