import type { QueryKey } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRoutes } from '@/test/fakeServer';
import { stubServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { facilityDetailQuery } from './facility/queries';
import { groupDetailQuery } from './group/queries';
import { organizationDetailQuery } from './organization/queries';
import { demoCompany, organizationAdminRoutes } from './organization/testing';
import { allowSlowScreens, group, masterRoutes, page, shinjuku, shinjukuDetail } from './testing';
import { userDetailQuery } from './user/queries';
import { staffUser, userRoutes } from './user/testing';

allowSlowScreens();

const ORG = 2;
const kanto = group({ groupId: 5, groupName: '関東ブロック', path: '/3/4/5/', version: 3 });

interface Case {
  name: string;
  /** Where the test starts: the list the edit route is opened from. */
  list: { url: string; heading: string };
  to: string;
  routes: FakeRoutes;
  /** The record's call and the key of the screen's own query options. */
  read: string;
  queryKey: QueryKey;
  /** A field the form shows once it has the record. */
  field: string;
  value: string;
}

const CASES: Case[] = [
  {
    name: 'store',
    list: { url: '/home/facility/', heading: '店舗' },
    to: '/facility/11',
    routes: masterRoutes({ 'GET /api/facility': { data: page([shinjuku]) }, 'GET /api/facility/11': { data: shinjukuDetail } }),
    read: 'GET /api/facility/11',
    queryKey: facilityDetailQuery(ORG, 11).queryKey,
    field: '店舗名',
    value: '新宿駅前店',
  },
  {
    name: 'group',
    list: { url: '/home/group/', heading: 'グループ' },
    to: '/group/5',
    routes: masterRoutes({ 'GET /api/group': { data: page([kanto]) }, 'GET /api/group/5': { data: kanto } }),
    read: 'GET /api/group/5',
    queryKey: groupDetailQuery(ORG, 5).queryKey,
    field: 'グループ名',
    value: '関東ブロック',
  },
  {
    name: 'user',
    list: { url: '/home/user/', heading: 'ユーザー' },
    to: '/user/21',
    routes: userRoutes({ 'GET /api/user/21': { data: staffUser } }),
    read: 'GET /api/user/21',
    queryKey: userDetailQuery(ORG, 21).queryKey,
    field: 'ユーザーアカウント',
    value: 'store002',
  },
  {
    name: 'organization',
    list: { url: '/home/facility/', heading: '店舗' },
    to: '/organization/2',
    routes: organizationAdminRoutes({
      ...masterRoutes({ 'GET /api/facility': { data: page([shinjuku]) } }),
      'GET /api/organization/2': { data: demoCompany },
    }),
    read: 'GET /api/organization/2',
    queryKey: organizationDetailQuery(ORG).queryKey,
    field: '組織名',
    value: 'デモ株式会社',
  },
];

describe('master edit routes', { timeout: 60_000 }, () => {
  it.each(CASES)('read the $name in the loader, with the query options of the screen, once', async (c) => {
    const server = stubServer(c.routes);
    const { router, queryClient } = renderApp(c.list.url);
    await screen.findByRole('heading', { name: c.list.heading, level: 2 });
    await router.navigate({ to: c.to });
    // The navigation has finished its loaders: the record is in the cache under the screen's key
    // before the screen asked for anything.
    expect(queryClient.getQueryData(c.queryKey)).toBeDefined();
    await waitFor(() => {
      expect(screen.getByLabelText(c.field)).toHaveValue(c.value);
    });
    expect(server.calls(c.read)).toHaveLength(1);
  });
});
