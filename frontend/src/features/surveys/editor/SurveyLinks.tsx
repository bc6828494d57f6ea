import { CopyOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { useToasts } from '@/app/feedback/useToasts';
import { QueryError } from '@/shared/feedback/QueryError';
import { useOrganizationId } from '@/features/masters/common/session';
import { qrUrl } from './api';
import { absoluteUrl, COPIED_LINK, COPY_FAILED, previewUrl } from './model';
import { surveyLinksQuery } from './queries';
import type { SurveyLink } from './types';


/** The answer link of each saved target store (copy, QR code), and a preview that stores nothing. */
export function SurveyLinks({ surveyId }: { surveyId: number }) {
  const organizationId = useOrganizationId();
  const isPhone = useIsMobile();
  const toasts = useToasts();
  const links = useQuery(surveyLinksQuery(organizationId, surveyId));

  const copy = async (link: SurveyLink) => {
    try {
      await navigator.clipboard.writeText(absoluteUrl(link.url));
      toasts.toast({ kind: 'success', text: COPIED_LINK });
    } catch {
      toasts.toast({ kind: 'error', text: COPY_FAILED });
    }
  };

  const actions = (link: SurveyLink) => (
    <Space size="small" wrap>
      <Button
        size="small"
        icon={<CopyOutlined />}
        aria-label={`${link.facilityName}のリンクをコピー`}
        onClick={() => void copy(link)}
      >
        コピー
      </Button>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        href={qrUrl(surveyId, link.facilityId, organizationId)}
        download
        aria-label={`${link.facilityName}のQRコードをダウンロード`}
      >
        QR
      </Button>
    </Space>
  );

  const linkText = (link: SurveyLink) => (
    <Typography.Text code copyable={false} style={{ wordBreak: 'break-all' }}>
      {absoluteUrl(link.url)}
    </Typography.Text>
  );

  const columns: TableColumnsType<SurveyLink> = [
    { key: 'facilityName', title: '店舗', dataIndex: 'facilityName', width: 200 },
    { key: 'url', title: '回答用リンク', render: (_, link) => linkText(link) },
    { key: 'actions', title: '操作', width: 200, render: (_, link) => actions(link) },
  ];

  let body: React.ReactNode;
  if (links.isError) {
    body = (
      <QueryError
        error={links.error}
        onRetry={() => {
          void links.refetch();
        }}
      />
    );
  } else if (isPhone) {
    body = (
      <Flex vertical gap="small" role="list" aria-label="回答用リンク">
        {links.isPending && <Typography.Text type="secondary">読み込み中…</Typography.Text>}
        {links.data?.length === 0 && <Typography.Text type="secondary">対象店舗はありません</Typography.Text>}
        {links.data?.map((link) => (
          <Card key={link.facilityId} size="small" role="listitem">
            <Flex vertical gap={4}>
              <Typography.Text strong>{link.facilityName}</Typography.Text>
              {linkText(link)}
              {actions(link)}
            </Flex>
          </Card>
        ))}
      </Flex>
    );
  } else {
    body = (
      <Table<SurveyLink>
        aria-label="回答用リンク"
        size="small"
        rowKey={(link) => link.facilityId}
        columns={columns}
        dataSource={links.data ?? []}
        loading={links.isPending}
        pagination={(links.data?.length ?? 0) > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: '対象店舗はありません' }}
      />
    );
  }

  return (
    <Card
      title="回答用リンク"
      size="small"
      extra={
        <Button
          size="small"
          icon={<ExportOutlined />}
          href={previewUrl(surveyId, organizationId)}
          target="_blank"
          rel="noopener noreferrer"
        >
          プレビュー
        </Button>
      }
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">
          保存済みの対象店舗ごとのリンクです。店舗を追加・削除したときは、保存後にここへ反映されます。
          プレビューでは保存済みの内容をお客様と同じ画面で確認できます(送信しても回答は保存されません)。
        </Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}
