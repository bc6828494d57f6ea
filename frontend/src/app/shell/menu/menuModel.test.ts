import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@/lib/auth/roles';
import {
  activeLink,
  groupsContaining,
  hasAffiliatedStore,
  homePath,
  menuLinks,
  visibleMenu,
  type MenuContext,
  type MenuEntry,
} from './menuModel';

const SYSTEM_ORG = 1;
const OWN_ORG = 2;
const OTHER_ORG = 3;
const TODAY = '2026-11-22';

type Options = NonNullable<MenuContext['options']>;
const baseOptions: Options = {
  availableImprovement: false,
  availableSurvey: false,
  surveyStartDate: null,
  checkinType: 'NO_TERMINAL',
};

/** The organization conditions the matrix crosses with every role set. */
const OPTION_CASES: Record<string, Options | null> = {
  'no options': null,
  'nothing available': baseOptions,
  improvement: { ...baseOptions, availableImprovement: true },
  'surveys, started before today': { ...baseOptions, availableSurvey: true, surveyStartDate: '2026-01-01' },
  'surveys, starting today': { ...baseOptions, availableSurvey: true, surveyStartDate: TODAY },
  'surveys, starting tomorrow': { ...baseOptions, availableSurvey: true, surveyStartDate: '2026-11-23' },
  'surveys, no start date': { ...baseOptions, availableSurvey: true, surveyStartDate: null },
  'start date but surveys off': { ...baseOptions, availableSurvey: false, surveyStartDate: '2026-01-01' },
  'terminal check-in': { ...baseOptions, checkinType: 'TERMINAL' },
  'everything on': {
    availableImprovement: true,
    availableSurvey: true,
    surveyStartDate: '2025-04-01',
    checkinType: 'QR_CODE',
  },
};

const SELECTIONS = { none: null, system: SYSTEM_ORG, own: OWN_ORG, other: OTHER_ORG } as const;

/** Whether the user has an affiliated store (it answers that store's checks). */
const STORES = { 'no store': false, 'own store': true } as const;

/** Role sets: none, all, each role alone, all but each role. */
const ROLE_SETS: Record<string, readonly Role[]> = {
  'no roles': [],
  'all roles': ROLES,
  ...Object.fromEntries(ROLES.map((role) => [`only ${role}`, [role]])),
  ...Object.fromEntries(ROLES.map((role) => [`all but ${role}`, ROLES.filter((r) => r !== role)])),
};

/**
 * docs/product/shell.md, restated independently of the implementation: for each entry, whether it shows.
 * `admin` is the system-role flag of the user (it comes with ROLE_SYSTEM_ADMIN).
 */
function expectedVisible(key: string, c: MenuContext): boolean {
  const has = (role: Role) => c.roles.includes(role);
  const systemSelected = c.selectedOrganizationId === SYSTEM_ORG;
  // Store staff (a store in the own organization, none of the roles of running the organization) see
  // what they act on: their store's checks, improvement reports, survey results — not other stores'
  // status, reports or the store list.
  const managing = ROLES.filter((role) => !['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'].includes(role));
  const storeStaff =
    c.hasFacility === true && c.selectedOrganizationId === c.ownOrganizationId && !managing.some((role) => has(role));
  const surveysOpen =
    c.isSystemAdmin ||
    (c.options?.availableSurvey === true && c.options.surveyStartDate != null && c.options.surveyStartDate <= c.today);
  switch (key) {
    case 'check_answer':
      return c.hasFacility === true && c.selectedOrganizationId === c.ownOrganizationId;
    case 'status':
      return has('ROLE_CHECK_REFERENCE') && c.selectedOrganizationId !== null && !systemSelected && !storeStaff;
    case 'improvement':
      return has('ROLE_CHECK_REFERENCE') && c.options?.availableImprovement === true;
    case 'survey_result':
      return has('ROLE_SURVEY_RESULT_REFERENCE') && surveysOpen;
    case 'check_list_master':
      return has('ROLE_CHECK_ITEM_EDIT');
    case 'survey':
      return has('ROLE_SURVEY_REFERENCE') && surveysOpen;
    case 'report':
      return has('ROLE_REPORT_REFERENCE') && !storeStaff;
    case 'organization_list':
      return has('ROLE_SYSTEM_ADMIN') && (c.selectedOrganizationId === null || systemSelected);
    case 'organization':
      return has('ROLE_ORGANIZATION_REFERENCE');
    case 'group':
      return has('ROLE_GROUP_REFERENCE_ALL');
    case 'facility':
      return !storeStaff;
    case 'terminal':
      return has('ROLE_FACILITY_EDIT') && c.options !== null && c.options.checkinType !== 'NO_TERMINAL';
    case 'user':
      return has('ROLE_USER_REFERENCE');
    case 'history_export':
      return has('ROLE_HISTORY_EXPORT');
    case 'master':
      return has('ROLE_MASTER_IMPORT');
    case 'check_history':
      return has('ROLE_SYSTEM_ADMIN');
    case 'schedule':
    case 'push_history':
    case 'maintenance':
    case 'support_file':
    case 'about':
      return has('ROLE_SYSTEM_ADMIN') && systemSelected;
    default:
      throw new Error(`no expectation for ${key}`);
  }
}

const ALL_KEYS = [
  'check_answer',
  'status',
  'improvement',
  'survey_result',
  'check_list_master',
  'survey',
  'report',
  'organization_list',
  'organization',
  'group',
  'facility',
  'terminal',
  'user',
  'history_export',
  'master',
  'schedule',
  'check_history',
  'push_history',
  'maintenance',
  'support_file',
  'about',
];

const SETTINGS_KEYS = ALL_KEYS.slice(7, 15);
const SYSTEM_KEYS = ALL_KEYS.slice(15);

function context(roles: readonly Role[], selected: number | null, options: Options | null, hasFacility = false): MenuContext {
  return {
    hasFacility,
    roles,
    isSystemAdmin: roles.includes('ROLE_SYSTEM_ADMIN'),
    ownOrganizationId: roles.includes('ROLE_SYSTEM_ADMIN') ? SYSTEM_ORG : OWN_ORG,
    selectedOrganizationId: selected,
    systemOrganizationId: SYSTEM_ORG,
    options,
    today: TODAY,
  };
}

const keys = (entries: readonly MenuEntry[]) => menuLinks(entries).map((link) => link.key);

/** Dividers only between entries, never two in a row; groups never empty. */
function assertTidy(entries: readonly MenuEntry[]) {
  expect(entries[0]?.kind).not.toBe('divider');
  expect(entries.at(-1)?.kind).not.toBe('divider');
  entries.forEach((entry, index) => {
    if (entry.kind === 'divider') expect(entries[index + 1]?.kind).not.toBe('divider');
    if (entry.kind === 'group') {
      expect(entry.children.length).toBeGreaterThan(0);
      assertTidy(entry.children);
    }
  });
}

describe('home', () => {
  const staff: Role[] = ['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'];
  it('leads store staff to their open checks, others to the status, the system organization to its list', () => {
    expect(homePath(context(staff, OWN_ORG, baseOptions, true))).toBe('/check/');
    // Someone who runs the organization and has a store: the status, as the spec says for everyone.
    expect(homePath(context([...ROLES].filter((r) => r !== 'ROLE_SYSTEM_ADMIN'), OWN_ORG, baseOptions, true))).toBe('/status/');
    expect(homePath(context([...staff, 'ROLE_CHECK_ITEM_EDIT'], OWN_ORG, baseOptions, true))).toBe('/status/');
    expect(homePath(context(staff, OWN_ORG, baseOptions, false))).toBe('/status/');
    expect(homePath(context(ROLES, SYSTEM_ORG, baseOptions, false))).toBe('/organization/');
    expect(homePath(context(ROLES, OTHER_ORG, baseOptions, true))).toBe('/status/'); // acting in another organization
  });

  it('counts a store of 0 (or none) as no store, so such a user is not led to /check/', () => {
    expect([5, 0, null, undefined].map(hasAffiliatedStore)).toEqual([true, false, false, false]);
    expect(homePath(context(staff, OWN_ORG, baseOptions, hasAffiliatedStore(0)))).toBe('/status/');
  });

  it('shows store staff only what they act on', () => {
    const menu = keys(visibleMenu(context(staff, OWN_ORG, { ...baseOptions, availableImprovement: true, availableSurvey: true, surveyStartDate: '2026-01-01' }, true)));
    expect(menu).toEqual(['check_answer', 'improvement', 'survey_result']);
  });
});

describe('side menu visibility matrix', () => {
  const scenarios = Object.entries(ROLE_SETS).flatMap(([roleName, roles]) =>
    Object.entries(SELECTIONS).flatMap(([selectionName, selected]) =>
      Object.entries(OPTION_CASES).flatMap(([optionName, options]) =>
        Object.entries(STORES).map(([storeName, hasFacility]) => ({
          name: `${roleName} / selected ${selectionName} / ${optionName} / ${storeName}`,
          context: context(roles, selected, options, hasFacility),
        })),
      ),
    ),
  );

  it('covers every role set × selection × organization condition × store affiliation', () => {
    expect(scenarios).toHaveLength(26 * 4 * 10 * 2);
  });

  it.each(ALL_KEYS)('%s follows docs/product/shell.md in every scenario', (key) => {
    let shown = 0;
    for (const scenario of scenarios) {
      const visible = keys(visibleMenu(scenario.context)).includes(key);
      if (visible !== expectedVisible(key, scenario.context)) {
        throw new Error(`${key} should ${visible ? 'not ' : ''}show for ${scenario.name}`);
      }
      if (visible) shown++;
    }
    // Each entry both shows and hides somewhere in the matrix.
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(scenarios.length);
  });

  it('never shows an unknown entry, keeps the menu order and stays tidy', () => {
    for (const scenario of scenarios) {
      const menu = visibleMenu(scenario.context);
      const shown = keys(menu);
      expect(shown.every((key) => ALL_KEYS.includes(key)), scenario.name).toBe(true);
      expect([...shown].sort((a, b) => ALL_KEYS.indexOf(a) - ALL_KEYS.indexOf(b))).toEqual(shown);
      assertTidy(menu);
      for (const entry of menu) {
        if (entry.kind !== 'group') continue;
        const children = keys(entry.children);
        expect(children.every((key) => (entry.key === 'settings' ? SETTINGS_KEYS : SYSTEM_KEYS).includes(key))).toBe(true);
      }
    }
  });
});

describe('side menu for the demo sign-ins', () => {
  const demoOptions: Options = {
    availableImprovement: true,
    availableSurvey: true,
    surveyStartDate: '2026-01-01',
    checkinType: 'NO_TERMINAL',
  };

  it('demoadmin (every organization role, organization 2)', () => {
    const roles = ROLES.filter((role) => role !== 'ROLE_SYSTEM_ADMIN');
    const menu = visibleMenu({ ...context(roles, OWN_ORG, demoOptions), isSystemAdmin: false });
    expect(menu.map((entry) => entry.kind === 'link' ? entry.key : entry.kind === 'group' ? entry.key : '-')).toEqual([
      'status',
      'improvement',
      'survey_result',
      'check_list_master',
      'survey',
      'report',
      '-',
      'settings',
    ]);
    const settings = menu.find((entry) => entry.kind === 'group');
    expect(settings?.kind === 'group' && settings.children.map((e) => (e.kind === 'link' ? e.key : '-'))).toEqual([
      'organization',
      '-',
      'group',
      'facility',
      'user',
      '-',
      'history_export',
      'master',
    ]);
    expect(menuLinks(menu).find((link) => link.key === 'organization')?.path).toBe('/organization/2');
  });

  it('store001 (group staff of 新宿駅前店) gets its answering page first', () => {
    const roles: Role[] = ['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'];
    const menu = visibleMenu(context(roles, OWN_ORG, demoOptions, true));
    // Only what store staff act on: other stores' status, reports and the store list are left out,
    // and with them the whole settings group and its dividers.
    expect(keys(menu)).toEqual(['check_answer', 'improvement', 'survey_result']);
    expect(menuLinks(menu)[0]).toMatchObject({ label: 'チェック回答', path: '/check/', icon: 'answer' });
    expect(menu.find((entry) => entry.kind === 'group')).toBeUndefined();
    assertTidy(menu);
  });

  it('store001 before the survey start date sees no survey results', () => {
    const roles: Role[] = ['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'];
    const menu = visibleMenu({ ...context(roles, OWN_ORG, demoOptions, true), today: '2025-12-31' });
    expect(keys(menu)).toEqual(['check_answer', 'improvement']);
  });

  it('hides the answering page while the store affiliation is unknown or absent', () => {
    const roles: Role[] = ['ROLE_CHECK_REFERENCE'];
    const unknown: MenuContext = { ...context(roles, OWN_ORG, demoOptions), hasFacility: undefined };
    expect(keys(visibleMenu(unknown))).not.toContain('check_answer');
    expect(keys(visibleMenu(context(roles, OWN_ORG, demoOptions, false)))).not.toContain('check_answer');
  });

  it('a system administrator with a store of its own answers only in its own organization', () => {
    expect(keys(visibleMenu(context(ROLES, SYSTEM_ORG, baseOptions, true)))).toContain('check_answer');
    expect(keys(visibleMenu(context(ROLES, OWN_ORG, demoOptions, true)))).not.toContain('check_answer');
    expect(keys(visibleMenu(context(ROLES, null, null, true)))).not.toContain('check_answer');
  });

  it('sysadmin before choosing an organization', () => {
    const menu = visibleMenu(context(ROLES, null, null));
    expect(keys(menu)).toEqual([
      'survey_result',
      'check_list_master',
      'survey',
      'report',
      'organization_list',
      'organization',
      'group',
      'facility',
      'user',
      'history_export',
      'master',
      'check_history',
    ]);
    expect(menuLinks(menu).find((link) => link.key === 'organization')?.path).toBe('/organization/1');
  });

  it('sysadmin in the system organization gets the whole system group', () => {
    const menu = visibleMenu(context(ROLES, SYSTEM_ORG, baseOptions));
    const system = menu.find((entry) => entry.kind === 'group' && entry.key === 'system');
    expect(system?.kind === 'group' && keys(system.children)).toEqual([
      'schedule',
      'check_history',
      'push_history',
      'maintenance',
      'support_file',
      'about',
    ]);
    expect(keys(menu)).not.toContain('status');
  });

  it('sysadmin acting in organization 2', () => {
    const menu = visibleMenu(context(ROLES, OWN_ORG, demoOptions));
    expect(keys(menu)).toContain('status');
    expect(keys(menu)).not.toContain('organization_list');
    expect(menuLinks(menu).find((link) => link.key === 'organization')?.path).toBe('/organization/2');
    const system = menu.find((entry) => entry.kind === 'group' && entry.key === 'system');
    expect(system?.kind === 'group' && keys(system.children)).toEqual(['check_history']);
  });

  it('marks the status entry as clearing the map selection and links lists to their kept search', () => {
    const links = menuLinks(visibleMenu(context(ROLES, OWN_ORG, demoOptions)));
    expect(links.find((link) => link.key === 'status')).toMatchObject({ clearsMapSelection: true, screen: 'Status' });
    expect(links.filter((link) => link.clearsMapSelection).map((link) => link.key)).toEqual(['status']);
  });
});

describe('current path', () => {
  const menu = visibleMenu(context(ROLES, SYSTEM_ORG, { ...baseOptions, checkinType: 'TERMINAL' }));

  it.each([
    ['/user/', 'user', ['settings']],
    ['/user/12', 'user', ['settings']],
    ['/organization/', 'organization_list', ['settings']],
    ['/organization/add', 'organization_list', ['settings']],
    ['/organization/1', 'organization', ['settings']],
    ['/system/check_history/', 'check_history', ['system']],
    ['/report/file/', 'report', []],
    ['/', null, []],
  ])('%s selects %s and opens %j', (path, key, groups) => {
    expect(activeLink(menu, path)?.key ?? null).toBe(key);
    expect(groupsContaining(menu, path)).toEqual(groups);
  });

  it.each([
    ['/check/', 'check_answer'],
    ['/check/8', 'check_answer'],
    ['/check_list_master/', 'check_list_master'],
    ['/check_list_master/3', 'check_list_master'],
  ])('with a store, %s selects %s', (path, key) => {
    const withStore = visibleMenu(context(ROLES, SYSTEM_ORG, baseOptions, true));
    expect(activeLink(withStore, path)?.key ?? null).toBe(key);
  });
});
