/** Where users write for help (the support dialog's contact section). */
export const SUPPORT_EMAIL = 'support@rouder.example';

/** docs/product/constants.md: length of the e-mail sign-in code. */
export const MFA_CODE_LENGTH = 6;
