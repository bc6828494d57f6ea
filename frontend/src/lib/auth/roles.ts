/** docs/authorities.md: the roles the console checks (the server's access.AllRoles, same order). */
export const ROLES = [
  'ROLE_SYSTEM_ADMIN',
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
] as const;

export type Role = (typeof ROLES)[number];

/** Whether a user holding `roles` may open a route that needs `role` (none: anyone signed in). */
export function mayOpen(roles: readonly string[], role: Role | undefined): boolean {
  return role === undefined || roles.includes(role);
}
