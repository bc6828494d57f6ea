import { vi } from 'vitest';
import type { Constants, Enums, LoginUser, OrganizationOptions } from '@/lib/api/types';

/** One answer of the fake server: an envelope with data, or a failure status with a message. */
export type FakeAnswer =
  | { data: unknown; message?: string }
  | { status: number; message?: string; data?: unknown }
  | { text: string }
  | { networkError: true };

export type FakeRoutes = Record<string, FakeAnswer | ((request: Request) => FakeAnswer | Promise<FakeAnswer>)>;

export const fakeConstants: Constants = {
  version: '1',
  envName: 'LOCAL',
  appName: 'ルーダー',
  systemOrganizationId: 1,
  systemGroupId: 1,
  defaultSurveyTermsOfService: '',
  supportMailAddress: 'support@rouder.example',
};

export const demoAdmin: LoginUser = {
  userId: 2,
  lastName: 'デモ',
  firstName: '管理者',
  userAccount: 'demoadmin',
  organizationId: 2,
  roleList: [
    'ROLE_CHECK_REFERENCE',
    'ROLE_SURVEY_RESULT_REFERENCE',
    'ROLE_CHECK_ITEM_EDIT',
    'ROLE_SURVEY_REFERENCE',
    'ROLE_REPORT_REFERENCE',
    'ROLE_ORGANIZATION_REFERENCE',
    'ROLE_GROUP_REFERENCE_ALL',
    'ROLE_FACILITY_EDIT',
    'ROLE_USER_REFERENCE',
    'ROLE_HISTORY_EXPORT',
    'ROLE_MASTER_IMPORT',
  ],
  isTopGroupUser: true,
  isSystemAdmin: false,
};

export const sysAdmin: LoginUser = {
  userId: 1,
  lastName: 'システム',
  firstName: '管理者',
  userAccount: 'sysadmin',
  organizationId: 1,
  roleList: ['ROLE_SYSTEM_ADMIN', ...demoAdmin.roleList],
  isTopGroupUser: true,
  isSystemAdmin: true,
};

export const fakeEnums: Enums = {
  authorityList: [],
  groupList: [],
  organizationList: [
    { value: 1, title: 'システム' },
    { value: 2, title: 'デモ株式会社' },
  ],
};

export const fakeOptions: OrganizationOptions = {
  organizationId: 2,
  organizationName: 'デモ株式会社',
  checkinType: 'NO_TERMINAL',
  allowPhotoLibrary: false,
  externalDataIdLabel: '',
  externalDataValueLabel: '',
  availableImprovement: true,
  ipAddressRestriction: false,
  availableAdvancedReport: false,
  availableSurvey: true,
  surveyStartDate: '2026-01-01',
  availableMfaMail: false,
  availableOpeHistoryExport: false,
  chargedForUser: false,
  chargedForUserAtEndOfMonth: false,
  chargedForFacility: false,
  chargedForAdvancedReport: false,
  chargedForSurvey: false,
  chargedByGroup: false,
};

/** A signed-in demo administrator in organization 2. */
export const signedInRoutes = (user: LoginUser = demoAdmin): FakeRoutes => ({
  'GET /api/const': { data: fakeConstants },
  'GET /api/login_user': { data: user },
  'GET /api/enums': { data: fakeEnums },
  'GET /api/login_user/organization': { data: fakeOptions },
  'GET /unique_range': { text: 'ORGANIZATION' },
  'GET /mfa_required': { data: false },
  'GET /api/improvement/waiting': { data: { waitingCount: 0 } },
  'GET /maintenance': { data: { active: false, announced: false, message: '' } },
});

/** Nobody signed in. */
export const signedOutRoutes = (): FakeRoutes => ({
  ...signedInRoutes(),
  'GET /api/login_user': { status: 401, message: 'ログインしてください。' },
});

function respond(answer: FakeAnswer): Response {
  if ('networkError' in answer) throw new TypeError('Failed to fetch');
  if ('text' in answer) return new Response(answer.text, { headers: { 'Content-Type': 'text/plain' } });
  if ('status' in answer) {
    return Response.json({ code: answer.status, message: answer.message ?? '', data: answer.data }, { status: answer.status });
  }
  return Response.json({ code: 0, message: answer.message ?? '', data: answer.data });
}

/**
 * GET /session_state, unless a test gives it: signed in unless /api/login_user answers 401, so the
 * tables above (and tests that swap the login_user answer) stay the one place that says who is
 * signed in. A function answer for /api/login_user counts as signed in; it decides itself.
 */
function sessionStateOf(routes: FakeRoutes): FakeAnswer {
  const user = routes['GET /api/login_user'];
  const signedIn = !(user && typeof user !== 'function' && 'status' in user && user.status === 401);
  return { data: { signedIn, mfaRequired: Boolean(routes['GET /mfa_required'] && JSON.stringify(routes['GET /mfa_required']).includes('true')) } };
}

/**
 * Stubs `fetch` with answers by "METHOD /path" (query ignored). Unknown calls answer 404 and are
 * recorded in `unknown`, so a test can assert none happened. `requests` lists every call.
 */
export function stubServer(routes: FakeRoutes) {
  const requests: Request[] = [];
  const unknown: string[] = [];
  const fetch = vi.fn(async (input: Request) => {
    requests.push(input);
    const url = new URL(input.url);
    const key = `${input.method} ${url.pathname}`;
    const route = routes[key] ?? (key === 'GET /session_state' ? sessionStateOf(routes) : undefined);
    if (!route) {
      unknown.push(key);
      return Response.json({ code: 404, message: '' }, { status: 404 });
    }
    return respond(typeof route === 'function' ? await route(input) : route);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    unknown,
    routes,
    calls: (key: string) =>
      requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === key),
  };
}

/** The JSON body a call sent (read from a clone, so it can be read again); fails when nothing was sent. */
export async function sentBody<T = unknown>(request: Request | undefined): Promise<T> {
  if (!request) throw new Error('nothing was sent');
  return (await request.clone().json()) as T;
}
