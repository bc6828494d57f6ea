import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createAppRouter } from '@/app/router';
import {
  clearSearchStates,
  LIST_SCREENS,
  listScreenOf,
  loadSearchState,
  recordSearchState,
  saveSearchState,
  SURVEY_RESULT_SEARCH_DEFAULTS,
} from './searchState';

describe('search state of list screens', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('names the twelve list screens of docs/product/shell.md, each a real route', () => {
    expect(Object.keys(LIST_SCREENS)).toEqual([
      'Status',
      'CheckListMaster',
      'Group',
      'Facility',
      'User',
      'Organization',
      'ReportFile',
      'HistoryFile',
      'Improvement',
      'Survey',
      'SurveyResult',
      'checkHistory',
    ]);
    const router = createAppRouter({ queryClient: new QueryClient() });
    for (const routeId of Object.values(LIST_SCREENS)) expect(router.routesById, routeId).toHaveProperty([routeId]);
  });

  it('finds the screen of a route, and none for detail or other routes', () => {
    expect(listScreenOf('/user/')).toBe('User');
    expect(listScreenOf('/system/check_history/')).toBe('checkHistory');
    expect(listScreenOf('/user/$userId')).toBeNull();
    expect(listScreenOf('/')).toBeNull();
  });

  it('keeps the last query per screen in sessionStorage under rouder_', () => {
    recordSearchState('/facility/', { searchText: '新宿', groupId: 3 });
    recordSearchState('/facility/$facilityId', { tab: 'x' });
    recordSearchState('/user/', { authorityName: 'GROUP_STAFF' });
    expect(loadSearchState('Facility')).toEqual({ searchText: '新宿', groupId: 3 });
    expect(loadSearchState('User')).toEqual({ authorityName: 'GROUP_STAFF' });
    expect(sessionStorage.getItem('rouder_searchState.Facility')).toBe('{"searchText":"新宿","groupId":3}');
  });

  it('an empty query replaces the kept one', () => {
    saveSearchState('Group', { searchText: 'a' });
    saveSearchState('Group', { searchText: undefined });
    expect(loadSearchState('Group')).toEqual({});
    expect(sessionStorage.getItem('rouder_searchState.Group')).toBeNull();
  });

  it('reads nothing from a broken entry', () => {
    sessionStorage.setItem('rouder_searchState.Survey', '{oops');
    sessionStorage.setItem('rouder_searchState.Status', '[1]');
    expect(loadSearchState('Survey')).toEqual({});
    expect(loadSearchState('Status')).toEqual({});
  });

  it('clears every screen (logout)', () => {
    saveSearchState('Status', { checkStatus: 'CHECKED' });
    saveSearchState('checkHistory', { historyDateFrom: '2026-11-01' });
    sessionStorage.setItem('rouder_organizationId', '2');
    clearSearchStates();
    expect(loadSearchState('Status')).toEqual({});
    expect(loadSearchState('checkHistory')).toEqual({});
    expect(sessionStorage.getItem('rouder_organizationId')).toBe('2');
  });

  it('has the survey result defaults of docs/product/shell.md', () => {
    expect(SURVEY_RESULT_SEARCH_DEFAULTS).toEqual({
      surveyId: null,
      facilityName: '',
      groupId: null,
      facilityAttributeId: null,
      includeOutOfPeriod: true,
    });
  });
});
