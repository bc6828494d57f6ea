/** Where users write for help (the support dialog's contact section). */
export const SUPPORT_EMAIL = 'support@rouder.example';

/** SPEC section 9: length of the e-mail sign-in code. */
export const MFA_CODE_LENGTH = 6;
