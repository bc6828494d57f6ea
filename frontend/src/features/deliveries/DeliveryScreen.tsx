import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { api } from '@/lib/api/client';
import { retryUnlessRefused } from '@/lib/api/retry';
import type { components } from '@/lib/api/schema.gen';
import { fetchData } from '@/lib/api/send';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationId } from '@/features/masters/common/session';
import { dateTime } from '@/shared/files/format';
import { definedQuery } from '@/shared/list/listSearch';
import { ListTable } from '@/shared/list/ListTable';
import { SearchBar } from '@/shared/list/SearchBar';
import type { Page } from '@/shared/list/types';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { DELIVERY_KIND_LABELS, DELIVERY_STATUS_LABELS, DELIVERY_STATUSES, type DeliverySearch, type DeliveryStatus } from './schema';

type Delivery = components['schemas']['Delivery'];
interface Query {
  status?: DeliveryStatus | undefined;
  searchText?: string | undefined;
  page: number;
  size: number;
}

const deliveriesQuery = (organizationId: number, query: Query) =>
  queryOptions<Page<Delivery>, Error, Page<Delivery>>({
    queryKey: ['deliveries', organizationId, query],
    queryFn: () => fetchData(() => api.GET('/api/system/push_history', { params: { query: definedQuery(query) } })),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

const routeApi = getRouteApi('/system/push_history/');

export function DeliveryPage() {
  return <DeliveryScreen {...useRouteSearch<DeliverySearch>(routeApi)} />;
}

const CHANNEL_LABELS: Record<Delivery['channel'], string> = { MAIL: 'メール', PUSH: 'プッシュ' };

/**
 * /system/push_history/ (ROLE_SYSTEM_ADMIN): every notification delivery — every organization's
 * while the system organization is selected, the selected one's otherwise — with its recipient,
 * kind, subject, channel (mail or push), status and the mail server's or push service's last
 * answer; by status and text.
 */
export function DeliveryScreen({ search, onSearchChange }: { search: DeliverySearch; onSearchChange: (s: DeliverySearch) => void }) {
  const organizationId = useOrganizationId();
  const { change, tableProps } = useListState({
    pageSizeList: 'history',
    search,
    onSearchChange,
    query: (size) => deliveriesQuery(organizationId, { status: search.status, searchText: search.searchText, page: search.page, size }),
  });
  const status = (d: Delivery) => {
    const s = DELIVERY_STATUS_LABELS[d.status];
    return (
      <Flex vertical gap={2}>
        <span>
          <Tag color={s.color}>{s.label}</Tag>
          {d.attempts > 1 && <Typography.Text type="secondary">{d.attempts}回</Typography.Text>}
        </span>
        {d.lastError && d.status !== 'SENT' && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {d.lastError}
          </Typography.Text>
        )}
      </Flex>
    );
  };
  const columns: TableColumnsType<Delivery> = [
    { key: 'date', title: '日時', width: 140, render: (_, d) => dateTime(d.sentDate ?? d.createDate) },
    { key: 'org', title: '組織', width: 150, render: (_, d) => d.organizationName },
    { key: 'recipient', title: '宛先', width: 200, render: (_, d) => <Typography.Text style={{ wordBreak: 'break-all' }}>{d.recipient}</Typography.Text> },
    { key: 'kind', title: '種類', width: 130, render: (_, d) => DELIVERY_KIND_LABELS[d.kind] ?? d.kind },
    { key: 'subject', title: '件名', render: (_, d) => d.subject },
    { key: 'channel', title: '経路', width: 80, render: (_, d) => CHANNEL_LABELS[d.channel] },
    { key: 'status', title: '状態', width: 180, render: (_, d) => status(d) },
  ];
  return (
    <MasterPage title="通知履歴">
      {/* The search row follows the URL: after Back the box shows the text the list was read with. */}
      <SearchBar
        value={search.searchText ?? ''}
        placeholder="宛先・件名"
        onSearch={(searchText) => {
          change({ searchText: searchText.trim() || undefined });
        }}
      >
        <Select<DeliveryStatus>
          aria-label="状態で絞り込み"
          value={search.status ?? null}
          allowClear
          placeholder="状態"
          options={DELIVERY_STATUSES.map((s) => ({ value: s, label: DELIVERY_STATUS_LABELS[s].label }))}
          onChange={(v?: DeliveryStatus) => {
            change({ status: v });
          }}
          style={{ flex: '1 1 140px', maxWidth: 180 }}
        />
      </SearchBar>
      <ListTable<Delivery>
        label="通知履歴"
        rowKey={(d) => d.deliveryKey}
        columns={columns}
        {...tableProps}
        emptyText="通知はありません"
        renderCard={(d) => (
          <Flex vertical gap={4}>
            <Typography.Text strong>{d.subject}</Typography.Text>
            <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
              {DELIVERY_KIND_LABELS[d.kind] ?? d.kind}・{CHANNEL_LABELS[d.channel]}・{d.recipient}・{d.organizationName}・
              {dateTime(d.sentDate ?? d.createDate)}
            </Typography.Text>
            {status(d)}
          </Flex>
        )}
      />
    </MasterPage>
  );
}
