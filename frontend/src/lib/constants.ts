/** docs/product/constants.md: length of the e-mail sign-in code. */
export const MFA_CODE_LENGTH = 6;
