import { getRouteApi } from '@tanstack/react-router';
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { startDownload } from '@/lib/download';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationId } from '@/features/masters/common/session';
import { dateTime } from '@/shared/files/format';
import { ListTable } from '@/shared/list/ListTable';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { masterDownloads } from './api';
import { ImportPreview } from './ImportPreview';
import { importListQuery } from './queries';
import { IMPORT_STATUS, totals, type MasterSearch } from './schema';
import { UploadCard } from './UploadCard';
import type { MasterImport } from './types';

const routeApi = getRouteApi('/master/');

/** The route's component: the screen on the URL's search state. */
export function MasterImportPage() {
  return <MasterImportScreen {...useRouteSearch<MasterSearch>(routeApi)} />;
}

interface Props {
  search: MasterSearch;
  onSearchChange: (search: MasterSearch) => void;
}

/**
 * /master/ (ROLE_MASTER_IMPORT): bulk master registration. The workbook's download and upload,
 * the import on show (importId in the URL) with its preview and applying, and the past imports.
 */
export function MasterImportScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const { change, tableProps } = useListState({
    pageSizeList: 'history',
    search,
    onSearchChange,
    query: (size) => importListQuery(organizationId, { page: search.page, size }),
  });
  const show = (importId: number | undefined) => {
    onSearchChange({ ...search, importId });
  };

  const summary = (im: MasterImport) => {
    if (im.counts.length === 0) return '';
    const t = totals(im.counts);
    return `登録${String(t.CREATE)}・更新${String(t.UPDATE)}・削除${String(t.DELETE)}・エラー${String(t.ERROR)}`;
  };
  const columns: TableColumnsType<MasterImport> = [
    { key: 'createDate', title: '取込日時', width: 140, render: (_, im) => dateTime(im.createDate) },
    {
      key: 'file',
      title: 'ファイル',
      render: (_, im) => (
        <Typography.Link
          onClick={() => {
            startDownload(masterDownloads.upload(im.importId, organizationId));
          }}
          style={{ wordBreak: 'break-all' }}
        >
          {im.fileName}
        </Typography.Link>
      ),
    },
    { key: 'user', title: '取込者', dataIndex: 'userAccount', width: 110 },
    {
      key: 'status',
      title: '状態',
      width: 130,
      render: (_, im) => <Tag color={IMPORT_STATUS[im.status].color}>{IMPORT_STATUS[im.status].label}</Tag>,
    },
    { key: 'counts', title: '件数', render: (_, im) => summary(im) },
    {
      key: 'actions',
      title: '操作',
      width: 100,
      render: (_, im) => (
        <Button
          size="small"
          aria-label={`${im.fileName}の内容を見る`}
          onClick={() => {
            show(im.importId);
          }}
        >
          内容を見る
        </Button>
      ),
    },
  ];

  return (
    <MasterPage title="マスタ一括登録">
      <UploadCard
        onUploaded={(im) => {
          change({ importId: im.importId });
        }}
      />
      {search.importId !== undefined && (
        <ImportPreview
          key={search.importId}
          importId={search.importId}
          onClose={() => {
            show(undefined);
          }}
        />
      )}
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        取込の履歴
      </Typography.Title>
      <ListTable<MasterImport>
        label="取込の履歴"
        rowKey={(im) => im.importId}
        columns={columns}
        {...tableProps}
        emptyText="取り込んだファイルはありません"
        renderCard={(im) => (
          <Flex vertical gap={4}>
            <Typography.Text strong style={{ wordBreak: 'break-all' }}>
              {im.fileName}
            </Typography.Text>
            <Typography.Text type="secondary">
              {dateTime(im.createDate)}・{im.userAccount}
            </Typography.Text>
            <span>
              <Tag color={IMPORT_STATUS[im.status].color}>{IMPORT_STATUS[im.status].label}</Tag>
              {summary(im)}
            </span>
          </Flex>
        )}
      />
    </MasterPage>
  );
}
