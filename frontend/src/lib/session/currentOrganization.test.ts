import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentOrganizationId, setCurrentOrganizationId } from './currentOrganization';

describe('current organization', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('is unset at first', () => {
    expect(getCurrentOrganizationId()).toBeNull();
  });

  it('round-trips through sessionStorage under the rouder_ prefix', () => {
    setCurrentOrganizationId(42);
    expect(sessionStorage.getItem('rouder_organizationId')).toBe('42');
    expect(getCurrentOrganizationId()).toBe(42);
  });

  it('can be cleared', () => {
    setCurrentOrganizationId(42);
    setCurrentOrganizationId(null);
    expect(sessionStorage.getItem('rouder_organizationId')).toBeNull();
    expect(getCurrentOrganizationId()).toBeNull();
  });

  it('ignores a value that is not an integer', () => {
    sessionStorage.setItem('rouder_organizationId', 'abc');
    expect(getCurrentOrganizationId()).toBeNull();
  });
});
