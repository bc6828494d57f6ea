import { afterEach, describe, expect, it } from 'vitest';
// The contract, read as text (as sharedCases.test.ts reads its cases).
import contract from '../../../../backend/api/openapi.yaml?raw';
import { forgetSignedInHint, HINT_COOKIE, signedInHint } from './signedInHint';

describe('the signed-in hint', () => {
  afterEach(() => {
    document.cookie = `${HINT_COOKIE}=; Max-Age=0; Path=/`;
  });

  it('reads the cookie the contract names (the server sets it by the same name)', () => {
    expect(contract).toMatch(new RegExp(`hint\\s+cookie \`${HINT_COOKIE}\``));
  });

  it('tells the organization signed in to, null for the system range, and is forgotten', () => {
    expect(signedInHint()).toBeNull();
    document.cookie = `${HINT_COOKIE}=12; Path=/`;
    expect(signedInHint()).toEqual({ organizationId: 12 });
    document.cookie = `${HINT_COOKIE}=0; Path=/`;
    expect(signedInHint()).toEqual({ organizationId: null });
    forgetSignedInHint();
    expect(signedInHint()).toBeNull();
  });
});
