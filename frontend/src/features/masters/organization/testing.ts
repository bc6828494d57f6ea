// Fixtures of the organization screens' component tests (not part of the app).
import { fakeOptions, signedInRoutes, sysAdmin, type FakeRoutes } from '@/test/fakeServer';
import { demoAdmin } from '@/test/fakeServer';
import type { Organization } from './api';

export const demoCompany: Organization = {
  organizationId: 2,
  organizationName: 'デモ株式会社',
  jkCode: 'DEMO0001',
  personInCharge: '営業 太郎',
  serviceStartDate: '2025-04-01',
  mobileAppEndDate: null,
  serviceEndDate: null,
  demo: true,
  checkinType: 'NO_TERMINAL',
  allowPhotoLibrary: true,
  availableImprovement: true,
  improvementDueDays: 7,
  reportRanks: '',
  externalDataIdLabel: '店舗コード',
  externalDataValueLabel: 'POS連携データ',
  ipAddressRestriction: false,
  allowIpAddresses: '192.0.2.0/24\n198.51.100.7',
  storageSize: 10737418240,
  storageUsage: 2684354560,
  maxStorageUsage: 10737418240,
  billingType: 'MONTHLY',
  availableAdvancedReport: true,
  availableSurvey: true,
  surveyStartDate: '2026-01-01',
  availableMfaMail: false,
  availableOpeHistoryExport: true,
  chargedForUser: true,
  chargedForUserAtEndOfMonth: false,
  chargedForFacility: true,
  chargedForAdvancedReport: false,
  chargedForSurvey: false,
  chargedByGroup: false,
  version: 4,
};

export const endedCompany: Organization = {
  ...demoCompany,
  organizationId: 5,
  organizationName: '旧取引先株式会社',
  jkCode: 'OLD0001',
  personInCharge: '営業 次郎',
  demo: false,
  serviceEndDate: '2020-03-31',
  storageUsage: 0,
  maxStorageUsage: 0,
  version: 1,
};

/** A system administrator acting in the system organization. */
export function systemRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  sessionStorage.setItem('rouder_organizationId', '1');
  return {
    ...signedInRoutes(sysAdmin),
    'GET /api/login_user/organization': { data: { ...fakeOptions, organizationId: 1, organizationName: 'システム管理' } },
    ...overrides,
  };
}

/** The demo organization's administrator (ROLE_ORGANIZATION_REFERENCE, not a system administrator). */
export function organizationAdminRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return { ...signedInRoutes(demoAdmin), ...overrides };
}
