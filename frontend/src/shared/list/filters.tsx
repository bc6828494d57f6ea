import { useQuery } from '@tanstack/react-query';
import { Checkbox, Select } from 'antd';
import { useIsMobile } from '@/app/shell/useIsMobile';
import { GroupTreeSelect } from '@/features/masters/common/GroupTreeSelect';
import { useGroupList, useOrganizationId } from '@/features/masters/common/session';
import { facilityAttributesQuery } from '@/features/masters/facility/queries';
import { statusCheckListsQuery } from '@/features/checks/status/queries';
import { surveyNamesQuery } from '@/features/surveys/results/queries';

// The filters the list screens share, each writing one search parameter (docs/product/shell.md). An
// unset filter is `undefined`, so it leaves the URL.

interface FilterProps<Value> {
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
}

/** A group of the organization's tree ('グループで絞り込み'). */
export function GroupFilter({ value, onChange, placeholder = 'グループ' }: FilterProps<number> & { placeholder?: string }) {
  const groups = useGroupList();
  return (
    <GroupTreeSelect
      aria-label="グループで絞り込み"
      groups={groups.data}
      value={value ?? null}
      onChange={(groupId) => {
        onChange(groupId ?? undefined);
      }}
      placeholder={placeholder}
      allowClear
      style={{ flex: '1 1 180px', maxWidth: 260 }}
    />
  );
}

interface TagFilterProps extends FilterProps<number> {
  options: { value: number; label: string }[] | undefined;
  loading: boolean;
  placeholder?: string;
  /** The options' width follows their text (long tag names). */
  wideOptions?: boolean;
}

/** A tag ('タグで絞り込み'). */
export function TagFilter({ value, onChange, options, loading, placeholder = 'タグ', wideOptions = false }: TagFilterProps) {
  return (
    <Select<number>
      aria-label="タグで絞り込み"
      value={value ?? null}
      onChange={(next?: number) => {
        onChange(next);
      }}
      options={options ?? []}
      placeholder={placeholder}
      allowClear
      loading={loading}
      {...(wideOptions ? { popupMatchSelectWidth: false } : {})}
      style={{ flex: '1 1 140px', maxWidth: 200 }}
    />
  );
}

/** A store tag of the organization. */
export function FacilityTagFilter({ placeholder = '店舗タグ', ...props }: FilterProps<number> & { placeholder?: string }) {
  const tags = useQuery(facilityAttributesQuery(useOrganizationId()));
  const options = tags.data?.map((tag) => ({ value: tag.facilityAttributeId, label: tag.label }));
  return <TagFilter {...props} options={options} loading={tags.isPending} placeholder={placeholder} />;
}

/** Rows of periods that are not running today too ('期間外も表示'). */
export function OutOfPeriodFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => {
        onChange(event.target.checked);
      }}
      style={{ alignSelf: 'center' }}
    >
      期間外も表示
    </Checkbox>
  );
}

interface PhoneSortSelectProps<Key extends string> {
  keys: readonly Key[];
  labels: Record<Key, string>;
  sortBy: Key;
  descending: boolean;
  onChange: (sortBy: Key, descending: boolean) => void;
}

/** On a phone the cards have no column headers: the sort is chosen here ('並び順'). */
export function PhoneSortSelect<Key extends string>({ keys, labels, sortBy, descending, onChange }: PhoneSortSelectProps<Key>) {
  const isPhone = useIsMobile();
  if (!isPhone) return null;
  const options = keys.flatMap((key) => [
    { value: `${key}:asc`, label: `${labels[key]}(昇順)` },
    { value: `${key}:desc`, label: `${labels[key]}(降順)` },
  ]);
  return (
    <Select<string>
      aria-label="並び順"
      value={`${sortBy}:${descending ? 'desc' : 'asc'}`}
      onChange={(value) => {
        const [key, direction] = value.split(':') as [Key, string];
        onChange(key, direction === 'desc');
      }}
      options={options}
      style={{ flex: '1 1 100%' }}
    />
  );
}

interface NamedFilterProps extends FilterProps<number> {
  options: { value: number; label: string }[];
  loading: boolean;
  label: string;
  placeholder: string;
}

/** One of a list of named objects, searchable by name. */
function NamedFilter({ value, onChange, options, loading, label, placeholder }: NamedFilterProps) {
  return (
    <Select<number>
      aria-label={label}
      value={value ?? null}
      onChange={(next?: number) => {
        onChange(next);
      }}
      options={options}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      popupMatchSelectWidth={false}
      style={{ flex: '1 1 180px', maxWidth: 260 }}
    />
  );
}

/** A check list of the organization ('チェックリストで絞り込み'). */
export function CheckListFilter(props: FilterProps<number> & { label?: string; placeholder?: string }) {
  const lists = useQuery(statusCheckListsQuery(useOrganizationId()));
  const options = (lists.data ?? []).map((item) => ({ value: item.checkListMasterId, label: item.checkListMasterName }));
  return (
    <NamedFilter
      {...props}
      label={props.label ?? 'チェックリストで絞り込み'}
      options={options}
      loading={lists.isPending}
      placeholder={props.placeholder ?? 'チェックリスト'}
    />
  );
}

/** A survey of the organization ('アンケートで絞り込み'). */
export function SurveyFilter(props: FilterProps<number> & { label?: string; placeholder?: string }) {
  const surveys = useQuery(surveyNamesQuery(useOrganizationId()));
  const options = (surveys.data ?? []).map((survey) => ({ value: survey.surveyId, label: survey.surveyName }));
  return (
    <NamedFilter
      {...props}
      label={props.label ?? 'アンケートで絞り込み'}
      options={options}
      loading={surveys.isPending}
      placeholder={props.placeholder ?? 'アンケート'}
    />
  );
}
