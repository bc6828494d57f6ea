import { describe, expect, it } from 'vitest';
import { environmentBadge, isGenericEnvironment } from './environment';

describe('environmentBadge', () => {
  it.each([
    ['MOCK', 'MOCK'],
    ['LOCAL', 'LOCAL'],
    ['DEV', 'DEV'],
    ['dev', 'DEV'],
    ['DEV_GENERIC', 'DEV'],
    ['LOCALGENERIC', 'LOCAL'],
  ])('%s shows %s', (envName, label) => {
    expect(environmentBadge(envName)?.label).toBe(label);
  });

  it.each(['PRODUCT', 'PRODUCT_GENERIC', 'UNKNOWN', '', undefined])('%s shows none', (envName) => {
    expect(environmentBadge(envName)).toBeNull();
  });

  it('gives each environment its own colour', () => {
    const colours = ['MOCK', 'LOCAL', 'DEV'].map((name) => environmentBadge(name)?.color);
    expect(new Set(colours).size).toBe(3);
  });
});

describe('isGenericEnvironment', () => {
  it.each([
    ['MOCK', true],
    ['DEV_GENERIC', true],
    ['PRODUCT_GENERIC', true],
    ['DEV', false],
    ['PRODUCT', false],
  ])('%s: %s', (name, expected) => {
    expect(isGenericEnvironment(name)).toBe(expected);
  });
});
