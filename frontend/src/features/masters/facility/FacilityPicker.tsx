import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { searchTextQuery } from '@/shared/list/listSearch';
import { useTypedSearch } from '@/shared/picker/useTypedSearch';
import { useOrganizationId } from '../common/session';
import { facilityListQuery, facilityNameQuery } from './queries';

interface Props {
  /** The chosen store; null, undefined and 0 mean none. */
  value?: number | null | undefined;
  /** Offers only the stores of this group and its subtree. */
  groupId?: number | undefined;
  onChange?: (facilityId: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
}

/** How many matches the picker offers at once; typing narrows them (organizations have 10,000 stores). */
const PICKER_SIZE = 20;

/**
 * A store picker that searches the server as the user types (name, kana, code…), so it works
 * for any number of stores. The chosen store's name is read when it is not among the matches.
 */
export function FacilityPicker({ value, groupId, onChange, placeholder = '店舗を選択', allowClear = false, ...rest }: Props) {
  const organizationId = useOrganizationId();
  const { text, onSearch, reset } = useTypedSearch();

  const matches = useQuery(
    facilityListQuery(organizationId, {
      searchText: searchTextQuery(text),
      groupId,
      sortBy: 'facilityNameKana',
      descending: false,
      page: 1,
      size: PICKER_SIZE,
    }),
  );
  const options = (matches.data?.items ?? []).map((facility) => ({
    value: facility.facilityId,
    label: facility.facilityName,
  }));
  const chosen = value === 0 || value === null ? undefined : value;
  const chosenMissing = chosen !== undefined && !options.some((option) => option.value === chosen);
  const chosenName = useQuery({ ...facilityNameQuery(organizationId, chosen ?? 0), enabled: chosenMissing });
  if (chosen !== undefined && chosenMissing) {
    options.unshift({ value: chosen, label: chosenName.data ?? `#${chosen}` });
  }

  return (
    <Select<number>
      {...rest}
      value={chosen ?? null}
      onChange={(next?: number) => {
        onChange?.(next);
      }}
      options={options}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={matches.isFetching}
      showSearch={{
        filterOption: false,
        onSearch,
      }}
      onOpenChange={(open) => {
        if (!open) reset();
      }}
      notFoundContent={matches.isFetching ? '検索中…' : '該当する店舗はありません'}
    />
  );
}
