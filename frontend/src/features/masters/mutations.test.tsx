import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSheetMutations } from '@/features/checks/answer/mutations';
import { answerKeys } from '@/features/checks/answer/queries';
import { statusKeys } from '@/features/checks/status/queries';
import { sessionKeys } from '@/features/session/queries';
import { setCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { stubServer } from '@/test/fakeServer';
import { useFacilityMutations, useFacilityTagMutations } from './facility/mutations';
import { facilityKeys } from './facility/queries';
import { useGroupMutations } from './group/mutations';
import { groupKeys } from './group/queries';
import { useOrganizationMutations } from './organization/mutations';
import { organizationKeys } from './organization/queries';
import { useTerminalMutations } from './terminal/mutations';
import { terminalKeys } from './terminal/queries';
import { useUserMutations, useUserTagMutations } from './user/mutations';
import { userKeys } from './user/queries';

// Each feature's changes outdate what shows their records, in one place (its mutations.ts): a
// success marks exactly those queries, a refusal none.

const ORG = 2;
const OTHER_ORG = 3;

/** A cache holding one answer under each key a change could outdate. */
const CACHED: Record<string, QueryKey> = {
  facilityList: facilityKeys.list(ORG, { sortBy: 'facilityNameKana', descending: false, page: 1, size: 10 }),
  facilityDetail: facilityKeys.detail(ORG, 11),
  facilityTags: facilityKeys.attributes(ORG),
  groupList: groupKeys.list(ORG, { page: 1, size: 10 }),
  userList: userKeys.list(ORG, { sortBy: 'userAccount', descending: false, page: 1, size: 10 }),
  userTags: userKeys.attributes(ORG),
  terminalList: terminalKeys.list(ORG, { page: 1, size: 10 }),
  organizationList: organizationKeys.list({ showServiceEnd: false, page: 1, size: 10 }),
  organizationDetail: organizationKeys.detail(ORG),
  enums: sessionKeys.enums(ORG),
  options: sessionKeys.organizationOptions(ORG),
  openChecks: answerKeys.open(ORG),
  statusList: statusKeys.list(ORG, { includeOutOfPeriod: false, sortBy: 'facilityNameKana', descending: false, page: 1, size: 10 }),
  otherOrganizationsStores: facilityKeys.list(OTHER_ORG, { sortBy: 'facilityNameKana', descending: false, page: 1, size: 10 }),
};

let queryClient: QueryClient;

function render<T>(hook: () => T) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(hook, { wrapper }).result;
}

/** The names of the cached queries a change marked outdated. */
function outdated(): string[] {
  return Object.entries(CACHED)
    .filter(([, queryKey]) => queryClient.getQueryState(queryKey)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

const ok = { data: null, message: '保存しました。' };
const refused = { status: 422, message: '削除できません。' };

beforeEach(() => {
  setCurrentOrganizationId(ORG);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const queryKey of Object.values(CACHED)) queryClient.setQueryData(queryKey, { cached: true });
});

afterEach(() => {
  setCurrentOrganizationId(null);
  queryClient.clear();
});

describe('what a change outdates', () => {
  it('a store: the organization\'s stores (lists, records, tags), nothing else', async () => {
    stubServer({ 'DELETE /api/facility/11': ok });
    const mutations = render(useFacilityMutations);
    await act(() => mutations.current.remove.mutateAsync(11));
    expect(outdated()).toEqual(['facilityDetail', 'facilityList', 'facilityTags']);
  });

  it('a refused change outdates nothing', async () => {
    stubServer({ 'DELETE /api/facility/11': refused });
    const mutations = render(useFacilityMutations);
    const outcome = await act(() => mutations.current.remove.mutateAsync(11));
    expect(outcome.ok).toBe(false);
    expect(outdated()).toEqual([]);
  });

  it('a store tag: the stores too (their rows show their tags)', async () => {
    stubServer({ 'POST /api/facility/attribute': ok });
    const mutations = render(useFacilityTagMutations);
    await act(() => mutations.current.create.mutateAsync('駐車場あり'));
    expect(outdated()).toEqual(['facilityDetail', 'facilityList', 'facilityTags']);
  });

  it('a group: every master of the organization (they show group names) and the enums (the tree)', async () => {
    stubServer({ 'DELETE /api/group/5': ok });
    const mutations = render(useGroupMutations);
    await act(() => mutations.current.remove.mutateAsync(5));
    expect(outdated()).toEqual([
      'enums',
      'facilityDetail',
      'facilityList',
      'facilityTags',
      'groupList',
      'terminalList',
      'userList',
      'userTags',
    ]);
  });

  it('a user and a user tag: the users', async () => {
    stubServer({ 'DELETE /api/user/21': ok, 'PUT /api/user/attribute/1': ok });
    const users = render(useUserMutations);
    await act(() => users.current.remove.mutateAsync(21));
    expect(outdated()).toEqual(['userList', 'userTags']);
    queryClient.setQueryData(CACHED.userList as QueryKey, { cached: true });
    queryClient.setQueryData(CACHED.userTags as QueryKey, { cached: true });
    const tags = render(useUserTagMutations);
    await act(() => tags.current.rename.mutateAsync({ id: 1, label: '研修中' }));
    expect(outdated()).toEqual(['userList', 'userTags']);
  });

  it('a terminal: the terminals and the stores (a store\'s form lists its terminals)', async () => {
    stubServer({ 'POST /api/terminal': ok });
    const mutations = render(useTerminalMutations);
    await act(() => mutations.current.register.mutateAsync({ facilityId: 11, terminalId: 'T-1', terminalName: '' }));
    expect(outdated()).toEqual(['facilityDetail', 'facilityList', 'facilityTags', 'terminalList']);
  });

  it('an organization: the organizations, the switch dialog\'s names and the options', async () => {
    stubServer({ 'PUT /api/organization/2': ok });
    const mutations = render(useOrganizationMutations);
    await act(() => mutations.current.save.mutateAsync({ id: ORG, input: { version: 1 } as never }));
    expect(outdated()).toEqual(['enums', 'options', 'organizationDetail', 'organizationList']);
  });

  it('a check sheet: the store\'s open checks and the check status', async () => {
    stubServer({ 'PUT /api/check/sheet/8': ok });
    const mutations = render(useSheetMutations);
    await act(() => mutations.current.save.mutateAsync({ periodId: 8, version: 1, submit: false, answerList: [] }));
    expect(outdated()).toEqual(['openChecks', 'statusList']);
  });
});
