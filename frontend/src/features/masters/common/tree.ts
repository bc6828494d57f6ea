import type { GroupEnum } from './types';

/** A node of the group tree, shaped for antd's Tree and TreeSelect (`title`, `key`, `value`). */
export interface GroupTreeNode {
  key: number;
  value: number;
  title: string;
  groupId: number;
  path: string;
  children: GroupTreeNode[];
  disabled?: boolean;
}

/** The ids of a group path, top first: "/3/4/9/" -> [3, 4, 9]. */
export function pathIds(path: string): number[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id));
}

/** The parent's id read from a path ("/3/4/9/" -> 4), null for a top group. */
export function parentIdOf(path: string): number | null {
  const ids = pathIds(path);
  return ids.length >= 2 ? (ids[ids.length - 2] ?? null) : null;
}

/**
 * Builds the tree from the flat group list (docs/product/masters.md: hierarchical by path prefix). Order
 * among siblings follows the list. A group whose parent is not in the list (a user who sees only
 * a subtree) becomes a root, so nothing is lost.
 */
export function buildGroupTree(groups: readonly GroupEnum[]): GroupTreeNode[] {
  const nodes = new Map<number, GroupTreeNode>();
  for (const group of groups) {
    nodes.set(group.groupId, {
      key: group.groupId,
      value: group.groupId,
      title: group.groupName,
      groupId: group.groupId,
      path: group.path,
      children: [],
    });
  }
  const roots: GroupTreeNode[] = [];
  for (const group of groups) {
    const node = nodes.get(group.groupId);
    if (!node) continue;
    // The nearest ancestor that is in the list (normally the parent itself).
    const ancestors = pathIds(group.path).slice(0, -1).reverse();
    const parent = ancestors.map((id) => nodes.get(id)).find((candidate) => candidate !== undefined);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `path` is `ancestorPath` itself or lies below it. */
export function isWithin(path: string, ancestorPath: string): boolean {
  return ancestorPath !== '' && path.startsWith(ancestorPath);
}

/**
 * The groups a group may be moved under: everything except itself and its own subtree (the
 * server refuses those too).
 */
export function possibleParents(groups: readonly GroupEnum[], groupId: number): GroupEnum[] {
  const self = groups.find((group) => group.groupId === groupId);
  if (!self) return [...groups];
  return groups.filter((group) => !isWithin(group.path, self.path));
}

/** "本部 / 東日本エリア / 関東ブロック" for a path, from the names in the list. */
export function pathLabel(groups: readonly GroupEnum[], path: string): string {
  const names = new Map(groups.map((group) => [group.groupId, group.groupName]));
  return pathIds(path)
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .join(' / ');
}

/** Every key of a tree (for "expand all"). */
export function allKeys(nodes: readonly GroupTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children)]);
}
