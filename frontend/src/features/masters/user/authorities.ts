import { useQuery } from '@tanstack/react-query';
import { useConstants } from '@/features/constants/queries';
import { enumsQueryOptions, loginUserQueryOptions } from '@/features/session/queries';
import { useCurrentOrganizationId } from '@/lib/session/currentOrganization';
import type { Authority } from './types';

/** Only a system organization's users may be system administrators (the server's rule too). */
export const SYSTEM_ADMIN = 'SYSTEM_ADMIN';

/**
 * Whether someone holding `roles` may give the authority `name` (nobody hands out a role it lacks;
 * what each authority grants comes from the server's list, GET /api/enums), acting in the system
 * organization or not. The server checks the same rule on every save (user.Input.MayGrant); a name
 * missing from the list is left to it.
 */
export function mayGrant(
  authorities: readonly Authority[],
  name: string,
  roles: readonly string[],
  inSystemOrganization: boolean,
): boolean {
  if (name === SYSTEM_ADMIN && !inSystemOrganization) return false;
  const granted = authorities.find((authority) => authority.name === name)?.roleList;
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
  const grantable = authorities.filter((authority) =>
    mayGrant(authorities, authority.name, roles, inSystemOrganization),
  );
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
