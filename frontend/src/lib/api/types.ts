import type { components } from './schema.gen';

// Short names for the contract's schemas the app passes around.
type Schemas = components['schemas'];
export type Constants = Schemas['Constants'];
export type LoginUser = Schemas['LoginUser'];
export type Enums = Schemas['Enums'];
export type OrganizationOptions = Schemas['OrganizationOptions'];
export type OrganizationEnum = Schemas['OrganizationEnum'];
export type SupportFile = Schemas['SupportFile'];
export type PasswordChange = Schemas['PasswordChange'];
export type LoginRequest = Schemas['LoginRequest'];
export type SessionState = Schemas['SessionState'];
