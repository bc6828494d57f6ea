import { useQuery } from '@tanstack/react-query';
import {
  enumsQueryOptions,
  loginUserQueryOptions,
  organizationOptionsQueryOptions,
} from '@/features/session/queries';
import type { Role } from '@/lib/auth/roles';
import { useCurrentOrganizationId } from '@/lib/session/currentOrganization';

// What the master screens read of the session, through the shell's own queries (same keys, so
// nothing is asked twice).

/** Whether the signed-in user holds `role` (docs/authorities.md); false while unknown. */
export function useHasRole(role: Role): boolean {
  const { data } = useQuery({
    ...loginUserQueryOptions,
    select: (user) => user?.roleList.includes(role) ?? false,
  });
  return data ?? false;
}

/** The organization acted in; the master queries are keyed by it. */
export function useOrganizationId(): number {
  return useCurrentOrganizationId() ?? 0;
}

/** The group list of GET /api/enums (pickers and the tree). */
export function useGroupList() {
  const organizationId = useCurrentOrganizationId();
  return useQuery({ ...enumsQueryOptions(organizationId), select: (enums) => enums.groupList });
}

/** GET /api/login_user/organization: labels of the external data, check-in type, options. */
export function useOrganizationOptions() {
  const organizationId = useCurrentOrganizationId();
  return useQuery({ ...organizationOptionsQueryOptions(organizationId ?? 0), enabled: organizationId !== null });
}

/** The query keys of the shell's enums (invalidated when groups change). */
export const ENUMS_KEY = ['session', 'enums'] as const;
