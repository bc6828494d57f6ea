/** docs/product/constants.md: environment names. "Generic" is MOCK or any name ending in GENERIC. */
export type EnvironmentBadge = { label: 'MOCK' | 'LOCAL' | 'DEV'; color: string } | null;

const BADGES = {
  MOCK: '#7b1fa2',
  LOCAL: '#1565c0',
  DEV: '#ef6c00',
} as const;

export function isGenericEnvironment(envName: string): boolean {
  const name = envName.trim().toUpperCase();
  return name === 'MOCK' || name.endsWith('GENERIC');
}

/**
 * docs/product/shell.md: a coloured badge names a non-production environment (MOCK, LOCAL, DEV, and
 * their GENERIC variants such as DEV_GENERIC). PRODUCT, its variants and unknown names get none.
 */
export function environmentBadge(envName: string | undefined): EnvironmentBadge {
  if (!envName) return null;
  const base = envName
    .trim()
    .toUpperCase()
    .replace(/[_-]?GENERIC$/, '');
  return base === 'MOCK' || base === 'LOCAL' || base === 'DEV' ? { label: base, color: BADGES[base] } : null;
}
