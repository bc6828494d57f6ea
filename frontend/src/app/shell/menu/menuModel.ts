import { usesFeature, type Feature, type FeatureContext } from '@/lib/auth/features';
import { mayOpen, type Role } from '@/lib/auth/roles';
import type { ListScreen } from '@/lib/routing/searchState';

/** What decides the side menu (docs/product/shell.md). Everything is passed in: no clock, no storage. */
export interface MenuContext extends FeatureContext {
  roles: readonly string[];
  /** The signed-in user's own organization. */
  ownOrganizationId: number;
  /** The organization the console acts in: the chosen one (system admin) or the user's own; null when none is chosen. */
  selectedOrganizationId: number | null;
  /** From the server constants; null while unknown. */
  systemOrganizationId: number | null;
  /**
   * The user has an affiliated store (users.facility_id), so it answers that store's checks
   * (docs/checks.md). Unknown (undefined) counts as no.
   */
  hasFacility?: boolean | undefined;
}

export type MenuIcon =
  | 'answer'
  | 'status'
  | 'improvement'
  | 'surveyResult'
  | 'checkList'
  | 'survey'
  | 'report'
  | 'organization'
  | 'group'
  | 'facility'
  | 'terminal'
  | 'user'
  | 'export'
  | 'master'
  | 'schedule'
  | 'history'
  | 'push'
  | 'maintenance'
  | 'manual'
  | 'about'
  | 'settings'
  | 'system';

export interface MenuLink {
  kind: 'link';
  key: string;
  label: string;
  icon: MenuIcon;
  /** The path under /home, e.g. "/organization/2". */
  path: string;
  /** A list screen whose kept query the link restores. */
  screen?: ListScreen;
  /** Choosing the entry clears the kept map selection of the status screen. */
  clearsMapSelection?: boolean;
}

export interface MenuGroup {
  kind: 'group';
  key: 'settings' | 'system';
  label: string;
  icon: MenuIcon;
  children: MenuEntry[];
}

export interface MenuDivider {
  kind: 'divider';
  key: string;
}

export type MenuEntry = MenuLink | MenuGroup | MenuDivider;

/**
 * What an entry's further condition (`when`) is given: the user and the selection, not the
 * organization's options. An entry hidden by the options names its `feature` instead, which its
 * routes guard as well (RouteAccess), where the other conditions only hide the entry.
 */
type RuleContext = Omit<MenuContext, 'options' | 'today'>;
type Rule = (context: RuleContext) => boolean;

interface LinkDefinition extends Omit<MenuLink, 'path'> {
  path: string | ((context: MenuContext) => string);
  role: Role | null;
  /** The organization function the entry belongs to: hidden where the organization does not use it. */
  feature?: Feature;
  when?: Rule;
}

interface GroupDefinition extends Omit<MenuGroup, 'children'> {
  role: Role | null;
  children: Definition[];
}

type Definition = LinkDefinition | GroupDefinition | MenuDivider;

const selectedIsSystem: Rule = (c) =>
  c.selectedOrganizationId !== null && c.selectedOrganizationId === c.systemOrganizationId;

/** A non-system organization is selected. */
const selectedIsOrdinary: Rule = (c) => c.selectedOrganizationId !== null && !selectedIsSystem(c);

let dividers = 0;
const divider = (): MenuDivider => ({ kind: 'divider', key: `divider-${++dividers}` });

/**
 * The store's own answering page (not a route of the customer's specification: the console stands in for the mobile app).
 * Answers are given for the user's own store in its own organization only, so a system
 * administrator acting in another organization does not see it.
 */
const answersForOwnStore: Rule = (c) => c.hasFacility === true && c.selectedOrganizationId === c.ownOrganizationId;

/** The roles of those who run the organization rather than one store. */
const MANAGING_ROLES: readonly string[] = [
  'ROLE_SYSTEM_ADMIN',
  'ROLE_CHECK_ITEM_EDIT',
  'ROLE_SURVEY_REFERENCE',
  'ROLE_ORGANIZATION_REFERENCE',
  'ROLE_GROUP_REFERENCE_ALL',
  'ROLE_FACILITY_EDIT',
  'ROLE_USER_REFERENCE',
  'ROLE_HISTORY_EXPORT',
  'ROLE_MASTER_IMPORT',
];

/**
 * Store staff: a user of a store (in its own organization) with no managing role — group staff as
 * the demo's store001. Their work is their store's checks and its improvement reports;
 * other stores' check status, reports and the store list are of no use to them, so the menu leaves
 * them out (the server still answers those calls as their roles allow).
 */
export function isStoreStaff(c: RuleContext): boolean {
  return answersForOwnStore(c) && !c.roles.some((role) => MANAGING_ROLES.includes(role));
}

const notStoreStaff: Rule = (c) => !isStoreStaff(c);

/** Whether the signed-in user's store (loginUser.facilityId) is one: absent, null and 0 mean none. */
export function hasAffiliatedStore(facilityId: number | null | undefined): boolean {
  return typeof facilityId === 'number' && facilityId > 0;
}

/**
 * Where Home leads once the organization is known: the organization list in the system organization,
 * otherwise the check status — but store staff, whose work is answering and who are not shown the
 * status, to their store's open checks. Someone who runs the organization and also has a store goes to
 * the status as everyone else (the answering page is in their menu).
 */
export function homePath(c: MenuContext): '/organization/' | '/check/' | '/status/' {
  if (selectedIsSystem(c)) return '/organization/';
  if (isStoreStaff(c)) return '/check/';
  return '/status/';
}

/** docs/product/shell.md, entry by entry (plus the store's answering page first). */
export const MENU_DEFINITION: readonly Definition[] = [
  {
    kind: 'link',
    key: 'check_answer',
    label: 'チェック回答',
    icon: 'answer',
    path: '/check/',
    role: null,
    when: answersForOwnStore,
  },
  {
    kind: 'link',
    key: 'status',
    label: 'チェック状況',
    icon: 'status',
    path: '/status/',
    role: 'ROLE_CHECK_REFERENCE',
    when: (c) => selectedIsOrdinary(c) && notStoreStaff(c),
    screen: 'Status',
    clearsMapSelection: true,
  },
  {
    kind: 'link',
    key: 'improvement',
    label: '改善報告',
    icon: 'improvement',
    path: '/improvement/',
    role: 'ROLE_CHECK_REFERENCE',
    feature: 'improvement',
    screen: 'Improvement',
  },
  {
    kind: 'link',
    key: 'survey_result',
    label: 'アンケート結果',
    icon: 'surveyResult',
    path: '/survey_result/',
    role: 'ROLE_SURVEY_RESULT_REFERENCE',
    feature: 'survey',
    screen: 'SurveyResult',
  },
  {
    kind: 'link',
    key: 'check_list_master',
    label: 'チェックリスト',
    icon: 'checkList',
    path: '/check_list_master/',
    role: 'ROLE_CHECK_ITEM_EDIT',
    screen: 'CheckListMaster',
  },
  {
    kind: 'link',
    key: 'survey',
    label: 'アンケート',
    icon: 'survey',
    path: '/survey/',
    role: 'ROLE_SURVEY_REFERENCE',
    feature: 'survey',
    screen: 'Survey',
  },
  {
    kind: 'link',
    key: 'report',
    label: 'レポート',
    icon: 'report',
    path: '/report/file/',
    role: 'ROLE_REPORT_REFERENCE',
    when: notStoreStaff,
    screen: 'ReportFile',
  },
  divider(),
  {
    kind: 'group',
    key: 'settings',
    label: '管理',
    icon: 'settings',
    role: null,
    children: [
      {
        kind: 'link',
        key: 'organization_list',
        label: '組織一覧',
        icon: 'organization',
        path: '/organization/',
        role: 'ROLE_SYSTEM_ADMIN',
        when: (c) => c.selectedOrganizationId === null || selectedIsSystem(c),
        screen: 'Organization',
      },
      {
        kind: 'link',
        key: 'organization',
        label: '組織情報',
        icon: 'organization',
        path: (c) => `/organization/${c.selectedOrganizationId ?? c.ownOrganizationId}`,
        role: 'ROLE_ORGANIZATION_REFERENCE',
      },
      divider(),
      {
        kind: 'link',
        key: 'group',
        label: 'グループ',
        icon: 'group',
        path: '/group/',
        role: 'ROLE_GROUP_REFERENCE_ALL',
        screen: 'Group',
      },
      {
        kind: 'link',
        key: 'facility',
        label: '店舗',
        icon: 'facility',
        path: '/facility/',
        role: null,
        when: notStoreStaff,
        screen: 'Facility',
      },
      {
        kind: 'link',
        key: 'terminal',
        label: '端末',
        icon: 'terminal',
        path: '/terminal/',
        role: 'ROLE_FACILITY_EDIT',
        feature: 'terminal',
      },
      { kind: 'link', key: 'user', label: 'ユーザー', icon: 'user', path: '/user/', role: 'ROLE_USER_REFERENCE', screen: 'User' },
      divider(),
      {
        kind: 'link',
        key: 'history_export',
        label: 'エクスポート',
        icon: 'export',
        path: '/history_export/file/',
        role: 'ROLE_HISTORY_EXPORT',
        screen: 'HistoryFile',
      },
      {
        kind: 'link',
        key: 'master',
        label: 'マスタ一括登録',
        icon: 'master',
        path: '/master/',
        role: 'ROLE_MASTER_IMPORT',
      },
    ],
  },
  divider(),
  {
    kind: 'group',
    key: 'system',
    label: 'システム',
    icon: 'system',
    role: 'ROLE_SYSTEM_ADMIN',
    children: [
      {
        kind: 'link',
        key: 'schedule',
        label: 'スケジュール実行',
        icon: 'schedule',
        path: '/system/schedule/',
        role: 'ROLE_SYSTEM_ADMIN',
        when: selectedIsSystem,
      },
      {
        kind: 'link',
        key: 'check_history',
        label: 'チェック履歴',
        icon: 'history',
        path: '/system/check_history/',
        role: 'ROLE_SYSTEM_ADMIN',
        screen: 'checkHistory',
      },
      {
        kind: 'link',
        key: 'push_history',
        label: '通知履歴',
        icon: 'push',
        path: '/system/push_history/',
        role: 'ROLE_SYSTEM_ADMIN',
        when: selectedIsSystem,
      },
      {
        kind: 'link',
        key: 'maintenance',
        label: 'メンテナンス',
        icon: 'maintenance',
        path: '/system/maintenance/',
        role: 'ROLE_SYSTEM_ADMIN',
        when: selectedIsSystem,
      },
      {
        kind: 'link',
        key: 'support_file',
        label: 'マニュアル',
        icon: 'manual',
        path: '/system/support_file/',
        role: 'ROLE_SYSTEM_ADMIN',
        when: selectedIsSystem,
      },
      {
        kind: 'link',
        key: 'about',
        label: 'このシステムについて',
        icon: 'about',
        path: '/other/about/',
        role: 'ROLE_SYSTEM_ADMIN',
        when: selectedIsSystem,
      },
    ],
  },
];

function allowed(definition: LinkDefinition | GroupDefinition, context: MenuContext): boolean {
  // The same rules as a route's (RouteAccess): the menu shows what its route would open.
  if (!mayOpen(context.roles, definition.role ?? undefined)) return false;
  if (definition.kind === 'group') return true;
  if (!usesFeature(context, definition.feature)) return false;
  return definition.when === undefined || definition.when(context);
}

function toLink(definition: LinkDefinition, context: MenuContext): MenuLink {
  const link: MenuLink = {
    kind: 'link',
    key: definition.key,
    label: definition.label,
    icon: definition.icon,
    path: typeof definition.path === 'function' ? definition.path(context) : definition.path,
  };
  if (definition.screen) link.screen = definition.screen;
  if (definition.clearsMapSelection) link.clearsMapSelection = true;
  return link;
}

/** Drops dividers at either end and dividers next to each other. */
function tidy(entries: MenuEntry[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'divider' && (out.length === 0 || out.at(-1)?.kind === 'divider')) continue;
    out.push(entry);
  }
  while (out.at(-1)?.kind === 'divider') out.pop();
  return out;
}

function build(definitions: readonly Definition[], context: MenuContext): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const definition of definitions) {
    if (definition.kind === 'divider') {
      entries.push(definition);
    } else if (definition.kind === 'group') {
      if (!allowed(definition, context)) continue;
      const children = build(definition.children, context);
      // An empty group is dropped like an empty divider section.
      if (children.length > 0) {
        entries.push({ kind: 'group', key: definition.key, label: definition.label, icon: definition.icon, children });
      }
    } else if (allowed(definition, context)) {
      entries.push(toLink(definition, context));
    }
  }
  return tidy(entries);
}

/** The side menu for one situation: the entries the user may see, tidied. */
export function visibleMenu(context: MenuContext): MenuEntry[] {
  return build(MENU_DEFINITION, context);
}

/** Every link of a menu, groups flattened, in order. */
export function menuLinks(entries: readonly MenuEntry[]): MenuLink[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry] : entry.kind === 'group' ? menuLinks(entry.children) : [],
  );
}

/** The link whose path the current path is (or lies under), the longest match winning. */
export function activeLink(entries: readonly MenuEntry[], pathname: string): MenuLink | null {
  const normalized = pathname.endsWith('/') ? pathname : `${pathname}/`;
  let best: MenuLink | null = null;
  let bestLength = 0;
  for (const link of menuLinks(entries)) {
    const prefix = link.path.endsWith('/') ? link.path : `${link.path}/`;
    if (normalized.startsWith(prefix) && prefix.length > bestLength) {
      best = link;
      bestLength = prefix.length;
    }
  }
  return best;
}

/** The groups to open for the current path (docs/product/shell.md: groups auto-expand). */
export function groupsContaining(entries: readonly MenuEntry[], pathname: string): MenuGroup['key'][] {
  const active = activeLink(entries, pathname);
  if (!active) return [];
  return entries
    .filter((entry): entry is MenuGroup => entry.kind === 'group' && menuLinks(entry.children).includes(active))
    .map((group) => group.key);
}
