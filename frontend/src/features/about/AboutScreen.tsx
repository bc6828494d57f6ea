import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Input, Modal, Segmented, Skeleton, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useConstants } from '@/features/constants/queries';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { displayAppName } from '@/app/shell/appTitle';
import { dateTime } from '@/shared/files/format';
import { ListTable } from '@/shared/list/ListTable';
import { ACTIONS_COLUMN_KEY } from '@/shared/list/tableLayout';

/** One package built into the console (backend/cmd/licenses writes the list at build time). */
export interface LicensedPackage {
  ecosystem: 'go' | 'npm';
  name: string;
  version: string;
  license: string;
  text: string;
}

interface LicenseList {
  generatedAt: string;
  packages: LicensedPackage[];
}

/** Where `make build` puts the list, beside the app's files. */
const LIST_URL = `${import.meta.env.BASE_URL}licenses.json`;

class NoList extends Error {}

async function readList(): Promise<LicenseList> {
  const response = await fetch(new Request(new URL(LIST_URL, window.location.href), { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw new NoList();
  try {
    const list = JSON.parse(await response.text()) as LicenseList;
    if (Array.isArray(list.packages)) return list;
  } catch {
    // A build without the list answers the app's index.html for an unknown path.
  }
  throw new NoList();
}

const PAGE = 20;
type Filter = 'all' | 'go' | 'npm';

/**
 * /other/about/ (ROLE_SYSTEM_ADMIN): the product's version, environment and build time, and the
 * licence of every Go module and npm package in this build, with each licence's text.
 */
export function AboutScreen() {
  const constants = useConstants();
  const list = useQuery({ queryKey: ['about', 'licenses'], queryFn: readList, staleTime: Infinity, retry: false });
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<LicensedPackage | null>(null);
  const rows = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (list.data?.packages ?? []).filter(
      (p) =>
        (filter === 'all' || p.ecosystem === filter) &&
        (needle === '' || p.name.toLowerCase().includes(needle) || p.license.toLowerCase().includes(needle)),
    );
  }, [list.data, text, filter]);
  const count = (ecosystem: 'go' | 'npm') => list.data?.packages.filter((p) => p.ecosystem === ecosystem).length ?? 0;
  const columns: TableColumnsType<LicensedPackage> = [
    { key: 'name', title: 'パッケージ', render: (_, p) => <Typography.Text style={{ wordBreak: 'break-all' }}>{p.name}</Typography.Text> },
    { key: 'version', title: 'バージョン', width: 170, render: (_, p) => p.version },
    { key: 'eco', title: '種類', width: 80, render: (_, p) => <Tag>{p.ecosystem === 'go' ? 'Go' : 'npm'}</Tag> },
    { key: 'license', title: 'ライセンス', width: 150, render: (_, p) => p.license || '（全文を参照）' },
  ];
  return (
    <MasterPage title="このシステムについて">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'name', label: '製品名', children: displayAppName(constants?.appName) },
            { key: 'version', label: 'バージョン', children: constants?.version ?? '' },
            { key: 'env', label: '環境', children: constants?.envName ?? '' },
            { key: 'built', label: 'ビルド日時', children: list.data ? dateTime(list.data.generatedAt) : '' },
          ]}
        />
      </Card>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        ライセンス
      </Typography.Title>
      {list.isError ? (
        <Alert
          type="info"
          showIcon
          title={
            list.error instanceof NoList
              ? 'ライセンスの一覧はビルド時に作られます（make build）。この環境のビルドには含まれていません。'
              : 'ライセンスの一覧を読み込めませんでした。'
          }
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : (
        <>
          <Flex wrap gap="small" align="center" style={{ marginBottom: 12 }}>
            <Input.Search
              aria-label="パッケージ名・ライセンスで検索"
              placeholder="パッケージ名・ライセンス"
              allowClear
              onSearch={(value) => {
                setText(value);
                setPage(1);
              }}
              style={{ flex: '1 1 220px', maxWidth: 320 }}
            />
            <Segmented<Filter>
              aria-label="種類"
              value={filter}
              onChange={(value) => {
                setFilter(value);
                setPage(1);
              }}
              options={[
                { value: 'all', label: 'すべて' },
                { value: 'go', label: `Go (${String(count('go'))})` },
                { value: 'npm', label: `npm (${String(count('npm'))})` },
              ]}
            />
          </Flex>
          <ListTable<LicensedPackage>
            label="ライセンス"
            rowKey={(p) => `${p.ecosystem}:${p.name}@${p.version}`}
            columns={[
              ...columns,
              {
                key: ACTIONS_COLUMN_KEY, // so a phone's card offers it too
                width: 90,
                render: (_, p) => (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setShown(p);
                    }}
                    aria-label={`${p.name}のライセンス全文`}
                  >
                    全文
                  </Button>
                ),
              },
            ]}
            items={rows.slice((page - 1) * PAGE, page * PAGE)}
            total={rows.length}
            page={page}
            size={PAGE}
            emptyText="該当するパッケージはありません"
            onPageChange={(next) => {
              setPage(next);
            }}
            onOpen={setShown}
            renderCard={(p) => (
              <Flex vertical gap={2}>
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {p.name}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {p.ecosystem === 'go' ? 'Go' : 'npm'}・{p.version}・{p.license || '（全文を参照）'}
                </Typography.Text>
              </Flex>
            )}
          />
        </>
      )}
      <Modal
        open={shown !== null}
        title={shown ? `${shown.name} ${shown.version}` : ''}
        footer={null}
        width={720}
        onCancel={() => {
          setShown(null);
        }}
      >
        <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, maxHeight: '60vh', overflow: 'auto' }}>
          {shown?.text || 'ライセンスファイルは同梱されていません。'}
        </pre>
      </Modal>
    </MasterPage>
  );
}
