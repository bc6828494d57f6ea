import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Select, Skeleton, Transfer, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { GroupTreeSelect } from '@/features/masters/common/GroupTreeSelect';
import { QueryError } from '@/shared/feedback/QueryError';
import { useGroupList, useOrganizationId } from '@/features/masters/common/session';
import { isWithin } from '@/features/masters/common/tree';
import type { FacilityItem } from '@/features/masters/common/types';
import { facilityAttributesQuery } from '@/features/masters/facility/queries';
import { targetFacilitiesQuery } from './queries';

interface Props {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  disabled?: boolean;
}

/** Case-insensitive "contains" for the list's search box, in the browser only (docs/checks.md). */
function contains(text: string, typed: string): boolean {
  return text.toLowerCase().includes(typed.trim().toLowerCase());
}

/**
 * The target stores: narrowed by group (with its subtree) and by tag, then added all at once or
 * one by one in a two-sided list (search, select all, move). Says how many stores are targeted.
 */
export function TargetFacilityField({ value = [], onChange, id, disabled = false }: Props) {
  const organizationId = useOrganizationId();
  const isPhone = useIsMobile();
  const stores = useQuery(targetFacilitiesQuery(organizationId));
  const groups = useGroupList();
  const tags = useQuery(facilityAttributesQuery(organizationId));
  const [groupId, setGroupId] = useState<number | null>(null);
  const [tagId, setTagId] = useState<number | undefined>(undefined);

  const targeted = useMemo(() => new Set(value), [value]);
  const groupPaths = useMemo(() => new Map((groups.data ?? []).map((group) => [group.groupId, group.path])), [groups.data]);
  const chosenPath = groupId === null ? undefined : groupPaths.get(groupId);
  const matches = (store: FacilityItem) =>
    (chosenPath === undefined || isWithin(groupPaths.get(store.groupId) ?? '', chosenPath)) &&
    (tagId === undefined || store.attributeList.some((tag) => tag.facilityAttributeId === tagId));

  if (stores.isError) {
    return (
      <QueryError
        error={stores.error}
        onRetry={() => {
          void stores.refetch();
        }}
      />
    );
  }
  if (!stores.data) return <Skeleton active title={false} paragraph={{ rows: 4 }} aria-busy="true" />;

  const all = stores.data;
  const known = new Set(all.map((store) => store.facilityId));
  /** Targets the user cannot see here (outside the subtree, or gone): kept as they are. */
  const hidden = value.filter((facilityId) => !known.has(facilityId));
  const filtered = all.filter(matches);
  const narrowed = groupId !== null || tagId !== undefined;
  const dataSource = all
    .filter((store) => matches(store) || targeted.has(store.facilityId))
    .map((store) => ({ key: store.facilityId, title: store.facilityName, description: store.groupName }));

  const set = (next: Iterable<number>) => {
    onChange?.([...new Set(next)]);
  };

  return (
    <Flex vertical gap="small" id={id}>
      <Typography.Text strong aria-live="polite" data-testid="target-facility-count">
        対象店舗: {value.length}店舗 / 全{all.length + hidden.length}店舗
      </Typography.Text>
      <Flex wrap gap="small" role="group" aria-label="店舗の絞り込み">
        <GroupTreeSelect
          aria-label="対象店舗をグループで絞り込み"
          groups={groups.data}
          value={groupId}
          onChange={setGroupId}
          placeholder="グループ"
          allowClear
          disabled={disabled}
          style={{ flex: '1 1 180px', maxWidth: 280 }}
        />
        <Select<number>
          aria-label="対象店舗をタグで絞り込み"
          value={tagId ?? null}
          onChange={(next?: number) => {
            setTagId(next ?? undefined);
          }}
          options={(tags.data ?? []).map((tag) => ({ value: tag.facilityAttributeId, label: tag.label }))}
          placeholder="タグ"
          allowClear
          disabled={disabled}
          loading={tags.isPending}
          style={{ flex: '1 1 140px', maxWidth: 200 }}
        />
        <Button
          disabled={disabled || filtered.every((store) => targeted.has(store.facilityId))}
          onClick={() => {
            set([...value, ...filtered.map((store) => store.facilityId)]);
          }}
        >
          {narrowed ? `絞り込んだ${filtered.length}店舗を追加` : `全${filtered.length}店舗を追加`}
        </Button>
        <Button
          disabled={disabled || !filtered.some((store) => targeted.has(store.facilityId))}
          onClick={() => {
            const drop = new Set(filtered.map((store) => store.facilityId));
            set(value.filter((facilityId) => !drop.has(facilityId)));
          }}
        >
          {narrowed ? '絞り込んだ店舗を外す' : 'すべて外す'}
        </Button>
      </Flex>
      <Transfer
        dataSource={dataSource}
        targetKeys={value.filter((facilityId) => known.has(facilityId))}
        onChange={(nextKeys) => {
          set([...nextKeys.map(Number), ...hidden]);
        }}
        disabled={disabled}
        titles={[narrowed ? '対象外(絞り込み中)' : '対象外', '対象店舗']}
        showSearch={{ placeholder: '店舗名・グループで検索' }}
        filterOption={(typed, store) => contains(store.title, typed) || contains(store.description, typed)}
        render={(store) => (
          <span>
            <span>{store.title}</span>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {store.description}
            </Typography.Text>
          </span>
        )}
        pagination={all.length > 200 ? { pageSize: 100, simple: true } : false}
        locale={{ itemUnit: '店舗', itemsUnit: '店舗', notFoundContent: '該当する店舗はありません' }}
        styles={{
          root: isPhone ? { flexDirection: 'column', alignItems: 'stretch' } : {},
          section: isPhone ? { width: '100%', height: 280 } : { flex: '1 1 0', minWidth: 0, height: 320 },
          actions: isPhone ? { flexDirection: 'row', justifyContent: 'center' } : {},
        }}
      />
      {hidden.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`ほかに、この画面で表示できない店舗が${hidden.length}店舗対象になっています(そのまま保存されます)。`}
        />
      )}
    </Flex>
  );
}
