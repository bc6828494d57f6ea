import { DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin, Typography } from 'antd';
import { useConstants } from '@/features/constants/queries';
import { startDownload } from '@/lib/download';
import { supportFilesQueryOptions } from './queries';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** docs/product/shell.md: the manuals to download, or a note that they are coming, and the contact address. */
export function SupportDialog({ open, onClose }: Props) {
  const files = useQuery({ ...supportFilesQueryOptions, enabled: open });
  // The installation's address (SUPPORT_MAIL_ADDRESS); one that names none sends users to their administrator.
  const address = useConstants()?.supportMailAddress ?? '';
  return (
    <Modal
      open={open}
      title="サポート"
      width={640}
      style={{ maxWidth: 640 }}
      onCancel={onClose}
      footer={<Button onClick={onClose}>閉じる</Button>}
      destroyOnHidden
    >
      <Typography.Title level={5}>マニュアル</Typography.Title>
      {files.isPending ? (
        <Spin />
      ) : files.data && files.data.length > 0 ? (
        <ul style={{ listStyle: 'none', paddingInlineStart: 0 }}>
          {files.data.map((file) => (
            <li key={file.fileId}>
              <Button
                type="link"
                icon={<DownloadOutlined />}
                style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                onClick={() => {
                  startDownload(`/support/file/${file.fileId}`);
                }}
              >
                {file.fileName}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">マニュアルは準備中です</Typography.Paragraph>
      )}
      <Typography.Title level={5}>お問い合わせ</Typography.Title>
      {address ? (
        <Typography.Paragraph>
          ご不明な点は下記までお問い合わせください。
          <br />
          <MailOutlined /> <a href={`mailto:${address}`}>{address}</a>
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph>ご不明な点は、組織の管理者にお問い合わせください。</Typography.Paragraph>
      )}
    </Modal>
  );
}
