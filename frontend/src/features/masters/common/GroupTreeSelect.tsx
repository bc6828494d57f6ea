import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { allKeys, buildGroupTree } from './tree';
import type { GroupEnum } from './types';

interface Props {
  groups: readonly GroupEnum[] | undefined;
  value?: number | null | undefined;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
  disabled?: boolean;
}

/** A group picker over the whole tree, searchable by name (form fields and filters). */
export function GroupTreeSelect({ groups, value, onChange, placeholder, allowClear = false, ...rest }: Props) {
  const treeData = useMemo(() => buildGroupTree(groups ?? []), [groups]);
  const expanded = useMemo(() => allKeys(treeData), [treeData]);
  return (
    <TreeSelect<number | null>
      {...rest}
      treeData={treeData}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandedKeys={expanded}
      loading={groups === undefined}
      popupMatchSelectWidth={false}
      notFoundContent="該当するグループはありません"
    />
  );
}
