import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { startDownload } from '@/lib/download';
import { bytes } from '@/shared/files/format';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { useOrganizationId } from '@/features/masters/common/session';
import { masterDownloads } from './api';
import { useMasterImportMutations } from './mutations';
import { DELETABLE_SETS, MASTER_SET_LABELS } from './schema';
import type { MasterImport, MasterSet } from './types';

/**
 * The workbook's way out and back: download the current masters (or an empty template), edit
 * them in Excel, upload the file. Deleting what a sheet leaves out is chosen per sheet. A file
 * the server cannot read is refused at once with its reason; a readable one is previewed.
 */
export function UploadCard({ onUploaded }: { onUploaded: (im: MasterImport) => void }) {
  const organizationId = useOrganizationId();
  const [file, setFile] = useState<File | null>(null);
  const [deleteSets, setDeleteSets] = useState<MasterSet[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { upload } = useMasterImportMutations();
  const toasts = useMasterToasts();

  const submit = async () => {
    if (!file) return;
    setRefusal(null);
    const outcome = await upload.mutateAsync({ file, deleteSets });
    if (outcome.ok) {
      toasts.outcome(outcome);
      setFile(null);
      onUploaded(outcome.data);
    } else {
      setRefusal(outcome.failure.message);
    }
  };

  return (
    <Card size="small" title="ブックのダウンロードと取り込み" style={{ marginBottom: 16 }}>
      <Typography.Paragraph>
        現在のマスタをExcelのブックでダウンロードし、編集して取り込みます。取り込むと、登録・更新・削除される行とエラーの行を反映の前に確認できます。
      </Typography.Paragraph>
      <Flex gap="small" wrap style={{ marginBottom: 16 }}>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => {
            startDownload(masterDownloads.workbook(organizationId));
          }}
        >
          現在のマスタをダウンロード
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => {
            startDownload(masterDownloads.template(organizationId));
          }}
        >
          空のテンプレート
        </Button>
      </Flex>
      <Upload.Dragger
        accept=".xlsx,.csv"
        maxCount={1}
        multiple={false}
        showUploadList={false}
        beforeUpload={(f) => {
          // The server checks the file (size, format, sheets) and says what is wrong.
          setRefusal(null);
          setFile(f);
          return false; // kept here until 取り込む
        }}
        aria-label="取り込むファイル"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">ブック（.xlsx）またはシートのCSVをここにドロップ、またはクリックして選択</p>
        <p className="ant-upload-hint">CSVはUTF-8（BOMあり・なし）またはShift_JIS、20MBまで</p>
      </Upload.Dragger>
      {file && (
        <Flex gap="small" align="center" wrap style={{ marginTop: 8 }}>
          <Typography.Text>
            選んだファイル：<Typography.Text strong>{file.name}</Typography.Text>（{bytes(file.size)}）
          </Typography.Text>
          <Button
            size="small"
            type="link"
            onClick={() => {
              setFile(null);
            }}
          >
            選び直す
          </Button>
        </Flex>
      )}
      <Flex vertical gap={4} style={{ marginTop: 12 }}>
        <Typography.Text>ブックにない既存の行を削除するシート（選ばないシートは削除しません）</Typography.Text>
        <Checkbox.Group
          aria-label="削除するシート"
          value={deleteSets}
          onChange={(v) => {
            setDeleteSets(v);
          }}
          options={DELETABLE_SETS.map((s) => ({ value: s, label: MASTER_SET_LABELS[s] }))}
        />
      </Flex>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} role="alert" />}
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        {/* Remounted when the file goes: antd leaves a loading icon's exit animation hanging on a
            button that turns disabled in the same render. */}
        <Button key={file ? 'ready' : 'empty'} type="primary" disabled={!file} loading={upload.isPending} onClick={() => void submit()}>
          取り込んでプレビュー
        </Button>
      </Flex>
    </Card>
  );
}
