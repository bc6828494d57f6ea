import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useOrganizationId } from '@/features/masters/common/session';
import { searchTextQuery } from '@/shared/list/listSearch';
import { useTypedSearch } from '@/shared/picker/useTypedSearch';
import { improvementAssigneesQuery } from './queries';

interface Props {
  improvementId: number;
  /** The current assignee, shown by name even when not among the matches. */
  value: { userId: number; name: string } | undefined;
  disabled?: boolean;
  onChange: (userId: number | undefined) => void;
}

/**
 * Head office's choice of the report's assignee: the users who can see its store, searched on the
 * server as the user types (account or name). Clearing it removes the assignee.
 */
export function AssigneePicker({ improvementId, value, disabled = false, onChange }: Props) {
  const organizationId = useOrganizationId();
  const { text, onSearch, reset } = useTypedSearch();
  const matches = useQuery(improvementAssigneesQuery(organizationId, improvementId, searchTextQuery(text)));
  const options = (matches.data ?? []).map((user) => ({ value: user.userId, label: `${user.userName}（${user.userAccount}）` }));
  if (value && !options.some((option) => option.value === value.userId)) {
    options.unshift({ value: value.userId, label: value.name });
  }
  return (
    <Select<number>
      aria-label="担当者"
      value={value?.userId ?? null}
      options={options}
      placeholder="担当者を選択（アカウント・氏名で検索）"
      allowClear
      disabled={disabled}
      loading={matches.isFetching}
      showSearch={{ filterOption: false, onSearch }}
      onOpenChange={(open) => {
        if (!open) reset();
      }}
      onChange={(next?: number) => {
        onChange(next);
      }}
      notFoundContent={matches.isFetching ? '検索中…' : '該当するユーザーはいません'}
      style={{ minWidth: 240, flex: '1 1 240px' }}
    />
  );
}
