import { describe, expect, it } from 'vitest';
import { allKeys, buildGroupTree, isWithin, parentIdOf, pathIds, pathLabel, possibleParents } from './tree';
import type { GroupEnum } from './types';

// The demo tree: 本部 → 東日本エリア (関東, 東北) / 西日本エリア (関西, 九州).
const groups: GroupEnum[] = [
  { groupId: 3, groupName: '本部', path: '/3/', isTopGroup: true },
  { groupId: 4, groupName: '東日本エリア', path: '/3/4/', isTopGroup: false },
  { groupId: 5, groupName: '関東ブロック', path: '/3/4/5/', isTopGroup: false },
  { groupId: 6, groupName: '東北ブロック', path: '/3/4/6/', isTopGroup: false },
  { groupId: 7, groupName: '西日本エリア', path: '/3/7/', isTopGroup: false },
  { groupId: 8, groupName: '関西ブロック', path: '/3/7/8/', isTopGroup: false },
  { groupId: 9, groupName: '九州ブロック', path: '/3/7/9/', isTopGroup: false },
];

type Shape = { title: string; children: Shape[] };
const shape = (nodes: { title: string; children: Shape[] }[]): Shape[] =>
  nodes.map((node) => ({ title: node.title, children: shape(node.children) }));

describe('group tree from paths', () => {
  it('reads paths', () => {
    expect(pathIds('/3/4/9/')).toEqual([3, 4, 9]);
    expect(parentIdOf('/3/4/9/')).toBe(4);
    expect(parentIdOf('/3/')).toBeNull();
    expect(isWithin('/3/4/5/', '/3/4/')).toBe(true);
    expect(isWithin('/3/44/', '/3/4/')).toBe(false);
  });

  it('builds the tree, siblings in list order', () => {
    expect(shape(buildGroupTree(groups))).toEqual([
      {
        title: '本部',
        children: [
          {
            title: '東日本エリア',
            children: [
              { title: '関東ブロック', children: [] },
              { title: '東北ブロック', children: [] },
            ],
          },
          {
            title: '西日本エリア',
            children: [
              { title: '関西ブロック', children: [] },
              { title: '九州ブロック', children: [] },
            ],
          },
        ],
      },
    ]);
    const [top] = buildGroupTree(groups);
    expect(top).toMatchObject({ key: 3, value: 3, groupId: 3 });
  });

  it('does not depend on the order of the list', () => {
    expect(shape(buildGroupTree([...groups].reverse()))[0]?.children.map((node) => node.title)).toEqual([
      '西日本エリア',
      '東日本エリア',
    ]);
  });

  it('hangs a group under its nearest known ancestor, or makes it a root (a partial list)', () => {
    const partial = groups.filter((group) => group.groupId !== 4 && group.groupId !== 3);
    expect(shape(buildGroupTree(partial)).map((node) => node.title)).toEqual(['関東ブロック', '東北ブロック', '西日本エリア']);
    const withoutArea = groups.filter((group) => group.groupId !== 4);
    expect(shape(buildGroupTree(withoutArea))[0]?.children.map((node) => node.title)).toEqual([
      '関東ブロック',
      '東北ブロック',
      '西日本エリア',
    ]);
  });

  it('lists every key', () => {
    expect(allKeys(buildGroupTree(groups)).sort()).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(buildGroupTree([])).toEqual([]);
  });

  it('offers as parents everything but the group and its subtree', () => {
    expect(possibleParents(groups, 4).map((group) => group.groupId)).toEqual([3, 7, 8, 9]);
    expect(possibleParents(groups, 9).map((group) => group.groupId)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(possibleParents(groups, 3)).toEqual([]);
    expect(possibleParents(groups, 99)).toHaveLength(7);
  });

  it('names a path', () => {
    expect(pathLabel(groups, '/3/4/5/')).toBe('本部 / 東日本エリア / 関東ブロック');
  });
});
