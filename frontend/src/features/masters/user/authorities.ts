import { useQuery } from '@tanstack/react-query';
import { useConstants } from '@/features/constants/queries';
import { enumsQueryOptions, loginUserQueryOptions } from '@/features/session/queries';
import type { Role } from '@/lib/auth/roles';
import { useCurrentOrganizationId } from '@/lib/session/currentOrganization';
import type { Authority } from './types';

/**
 * The roles each authority grants: a copy of the server's grant table
 * (backend/internal/domain/access/roles.go, docs/authorities.md). GET /api/enums names and labels
 * the authorities but does not say what they grant, so the form needs this copy to offer only what
 * the signed-in user may hand out. The server checks the same rule on every save
 * (user.Input.MayGrant) and its refusal is shown under the field; an authority missing here
 * (added on the server later) is offered and left to the server.
 */
const ALL_BUT_SYSTEM: readonly Role[] = [
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
];

export const AUTHORITY_ROLES: Readonly<Record<string, readonly Role[]>> = {
  SYSTEM_ADMIN: ['ROLE_SYSTEM_ADMIN', ...ALL_BUT_SYSTEM],
  ORGANIZATION_ADMIN: ALL_BUT_SYSTEM,
  GROUP_ADMIN: [
    'ROLE_CHECK_REFERENCE',
    'ROLE_SURVEY_RESULT_REFERENCE',
    'ROLE_SURVEY_REFERENCE',
    'ROLE_REPORT_REFERENCE',
    'ROLE_GROUP_REFERENCE_ALL',
    'ROLE_FACILITY_EDIT',
    'ROLE_USER_REFERENCE',
    'ROLE_HISTORY_EXPORT',
  ],
  GROUP_STAFF: ['ROLE_CHECK_REFERENCE', 'ROLE_SURVEY_RESULT_REFERENCE', 'ROLE_REPORT_REFERENCE'],
  CHECK_ITEM_EDITOR: ['ROLE_CHECK_ITEM_EDIT'],
  SURVEY_EDITOR: ['ROLE_SURVEY_REFERENCE'],
  HISTORY_EXPORTER: ['ROLE_HISTORY_EXPORT'],
  MASTER_IMPORTER: ['ROLE_MASTER_IMPORT'],
};

/** Only a system organization's users may be system administrators (the server's rule too). */
export const SYSTEM_ADMIN = 'SYSTEM_ADMIN';

/**
 * Whether someone holding `roles` may give `authority` (nobody hands out a role it lacks), acting
 * in the system organization or not.
 */
export function mayGrant(authority: string, roles: readonly string[], inSystemOrganization: boolean): boolean {
  if (authority === SYSTEM_ADMIN && !inSystemOrganization) return false;
  const granted = AUTHORITY_ROLES[authority];
  if (granted === undefined) return true;
  return granted.every((role) => roles.includes(role));
}

export interface AuthorityChoices {
  /** Every authority of the server, main ones first (labels and the list filter). */
  all: readonly Authority[];
  /** Main authorities the signed-in user may give. */
  main: readonly Authority[];
  /** Sub authorities the signed-in user may give. */
  sub: readonly Authority[];
}

/** Splits the server's authority list into what the signed-in user may give. */
export function authorityChoices(
  authorities: readonly Authority[],
  roles: readonly string[],
  inSystemOrganization: boolean,
): AuthorityChoices {
  const grantable = authorities.filter((authority) => mayGrant(authority.name, roles, inSystemOrganization));
  return {
    all: [...authorities.filter((a) => a.main), ...authorities.filter((a) => !a.main)],
    main: grantable.filter((authority) => authority.main),
    sub: grantable.filter((authority) => !authority.main),
  };
}

/** name → label, falling back to the name for one the server does not list. */
export function authorityLabel(authorities: readonly Authority[], name: string): string {
  return authorities.find((authority) => authority.name === name)?.label ?? name;
}

/** The authority list of GET /api/enums (shared with the shell's query). */
export function useAuthorityList() {
  const organizationId = useCurrentOrganizationId();
  return useQuery({ ...enumsQueryOptions(organizationId), select: (enums) => enums.authorityList });
}

/** The signed-in user (its id and roles). */
export function useLoginUser() {
  return useQuery(loginUserQueryOptions).data ?? undefined;
}

/**
 * The authorities of the server split for the signed-in user; undefined while the lists load.
 */
export function useAuthorityChoices(): AuthorityChoices | undefined {
  const authorities = useAuthorityList();
  const loginUser = useLoginUser();
  const constants = useConstants();
  const organizationId = useCurrentOrganizationId();
  if (!authorities.data || !loginUser) return undefined;
  const inSystemOrganization = constants !== undefined && organizationId === constants.systemOrganizationId;
  return authorityChoices(authorities.data, loginUser.roleList, inSystemOrganization);
}
