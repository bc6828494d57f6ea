import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Button, Card, Checkbox, Flex, Select, Switch, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { retryUnlessRefused } from '@/lib/api/retry';
import { startDownload } from '@/lib/download';
import { useChangeMutation } from '@/shared/editor/records';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { supportFilesQueryOptions } from '@/features/support/queries';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationId } from '@/features/masters/common/session';
import { bytes, dateTime } from '@/shared/files/format';
import { ListTable } from '@/shared/list/ListTable';
import type { Page } from '@/shared/list/types';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import {
  manualDownloadUrl,
  SUPPORT_FILE_TYPE_LABELS,
  SUPPORT_FILE_TYPES,
  supportFileApi,
  type SupportFileType,
  type SystemSupportFile,
} from './api';
import type { SupportFileSearch } from './schema';


const keys = { all: ['supportFiles'] as const, list: (q: { page: number; size: number }) => ['supportFiles', 'list', q] as const };
// The support dialog reads the published manuals under this key; it is read again after a change.
const DIALOG_KEY = supportFilesQueryOptions.queryKey;

const listQuery = (q: { page: number; size: number }) =>
  queryOptions<Page<SystemSupportFile>, Error, Page<SystemSupportFile>, ReturnType<typeof keys.list>>({
    queryKey: keys.list(q),
    queryFn: () => supportFileApi.list(q),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

const routeApi = getRouteApi('/system/support_file/');

export function SupportFilePage() {
  return <SupportFileScreen {...useRouteSearch<SupportFileSearch>(routeApi)} />;
}

/**
 * /system/support_file/ (ROLE_SYSTEM_ADMIN): the manuals the support dialog lists. Upload (PDF,
 * Office files or images, checked by the server), publish and unpublish, change the kind,
 * download and delete.
 */
export function SupportFileScreen({ search, onSearchChange }: { search: SupportFileSearch; onSearchChange: (s: SupportFileSearch) => void }) {
  const organizationId = useOrganizationId();
  const { tableProps } = useListState({
    pageSizeList: 'history',
    search,
    onSearchChange,
    query: (size) => listQuery({ page: search.page, size }),
  });
  const toasts = useMasterToasts();
  const changeKeys = [keys.all, DIALOG_KEY];
  const change = useChangeMutation(changeKeys, supportFileApi.change);
  const remove = useChangeMutation(changeKeys, supportFileApi.remove);
  const actions = (f: SystemSupportFile) => (
    <Flex gap="small" wrap>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        aria-label={`${f.fileName}をダウンロード`}
        onClick={() => {
          startDownload(manualDownloadUrl(f.fileId, organizationId));
        }}
      />
      <DeleteButton
        size="small"
        label={`${f.fileName}を削除`}
        onConfirm={async () => {
          toasts.outcome(await remove.mutateAsync(f.fileId));
        }}
      />
    </Flex>
  );
  const publishSwitch = (f: SystemSupportFile) => (
    <Switch
      checked={f.published}
      checkedChildren="公開"
      unCheckedChildren="非公開"
      aria-label={`${f.fileName}を公開する`}
      loading={change.isPending && change.variables.fileId === f.fileId}
      onChange={(published) => {
        void change.mutateAsync({ fileId: f.fileId, supportFileType: f.supportFileType, published }).then(toasts.outcome);
      }}
    />
  );
  const typeSelect = (f: SystemSupportFile) => (
    <Select<SupportFileType>
      size="small"
      aria-label={`${f.fileName}の種類`}
      value={f.supportFileType}
      options={SUPPORT_FILE_TYPES.map((t) => ({ value: t, label: SUPPORT_FILE_TYPE_LABELS[t] }))}
      onChange={(supportFileType) => {
        void change.mutateAsync({ fileId: f.fileId, supportFileType, published: f.published }).then(toasts.outcome);
      }}
      style={{ minWidth: 130 }}
    />
  );
  const columns: TableColumnsType<SystemSupportFile> = [
    { key: 'name', title: 'ファイル名', render: (_, f) => <Typography.Text style={{ wordBreak: 'break-all' }}>{f.fileName}</Typography.Text> },
    { key: 'type', title: '種類', width: 150, render: (_, f) => typeSelect(f) },
    { key: 'published', title: '公開', width: 100, render: (_, f) => publishSwitch(f) },
    { key: 'size', title: 'サイズ', width: 90, align: 'right', render: (_, f) => bytes(f.fileSize) },
    { key: 'user', title: '登録者', width: 110, render: (_, f) => f.userAccount || '—' },
    { key: 'date', title: '登録日時', width: 140, render: (_, f) => dateTime(f.createDate) },
    { key: 'actions', title: '操作', width: 110, render: (_, f) => actions(f) },
  ];
  return (
    <MasterPage title="マニュアル">
      <UploadCard />
      <ListTable<SystemSupportFile>
        label="マニュアル"
        rowKey={(f) => f.fileId}
        columns={columns}
        {...tableProps}
        emptyText="マニュアルはありません"
        renderCard={(f) => (
          <Flex vertical gap={6}>
            <Typography.Text strong style={{ wordBreak: 'break-all' }}>
              {f.fileName}
            </Typography.Text>
            <Typography.Text type="secondary">
              {bytes(f.fileSize)}・{dateTime(f.createDate)}・{f.userAccount || '—'}
            </Typography.Text>
            <Flex gap="small" wrap align="center">
              {typeSelect(f)}
              {publishSwitch(f)}
            </Flex>
          </Flex>
        )}
      />
    </MasterPage>
  );
}

/** Uploading a manual: the file, its kind, and whether users see it at once. */
function UploadCard() {
  const [file, setFile] = useState<File | null>(null);
  const [fileType, setFileType] = useState<SupportFileType>('MANUAL');
  const [published, setPublished] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useChangeMutation([keys.all, DIALOG_KEY], supportFileApi.upload);
  const toasts = useMasterToasts();
  const submit = async () => {
    if (!file) return;
    setRefusal(null);
    const outcome = await upload.mutateAsync({ file, supportFileType: fileType, published });
    if (outcome.ok) {
      toasts.outcome(outcome);
      setFile(null);
    } else {
      setRefusal(Object.values(outcome.failure.fieldErrors ?? {}).join(' ') || outcome.failure.message);
    }
  };
  return (
    <Card size="small" title="マニュアルの登録" style={{ marginBottom: 16 }}>
      <Flex wrap gap="middle" align="center">
        <Upload
          accept=".pdf,.xlsx,.docx,.pptx,.png,.jpg,.jpeg"
          showUploadList={false}
          beforeUpload={(f) => {
            setFile(f);
            setRefusal(null);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>ファイルを選択</Button>
        </Upload>
        {file && (
          <Typography.Text>
            <Tag>{file.name}</Tag>
            {bytes(file.size)}
          </Typography.Text>
        )}
        <Select<SupportFileType>
          aria-label="種類"
          value={fileType}
          onChange={setFileType}
          options={SUPPORT_FILE_TYPES.map((t) => ({ value: t, label: SUPPORT_FILE_TYPE_LABELS[t] }))}
          style={{ minWidth: 140 }}
        />
        <Checkbox
          checked={published}
          onChange={(e) => {
            setPublished(e.target.checked);
          }}
        >
          すぐに公開する
        </Checkbox>
        <Button key={file ? 'ready' : 'empty'} type="primary" disabled={!file} loading={upload.isPending} onClick={() => void submit()}>
          登録
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        PDF、Excel、Word、PowerPoint、PNG、JPEGのファイル（50MBまで）。公開したファイルはすべてのユーザーのサポート画面に表示されます。
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginTop: 8 }} />}
    </Card>
  );
}
