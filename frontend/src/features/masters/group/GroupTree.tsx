import { ApartmentOutlined } from '@ant-design/icons';
import { Empty, Skeleton, Tree } from 'antd';
import { useMemo } from 'react';
import { buildGroupTree } from '../common/tree';
import type { GroupEnum } from '../common/types';

interface Props {
  groups: readonly GroupEnum[] | undefined;
  /** The group to mark (the one being edited). */
  selectedId?: number | undefined;
  onOpen: (groupId: number) => void;
}

/** The organization's group tree (from the enums' paths), fully open; a click opens the group. */
export function GroupTree({ groups, selectedId, onOpen }: Props) {
  const treeData = useMemo(() => buildGroupTree(groups ?? []), [groups]);
  if (!groups) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="グループはまだありません" />;
  return (
    <Tree<(typeof treeData)[number]>
      aria-label="グループ構成"
      treeData={treeData}
      defaultExpandAll
      blockNode
      showIcon
      icon={<ApartmentOutlined />}
      selectedKeys={selectedId === undefined ? [] : [selectedId]}
      onSelect={(_keys, info) => {
        onOpen(info.node.groupId);
      }}
    />
  );
}
