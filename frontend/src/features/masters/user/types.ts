import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's user schemas (common/types.ts belongs to the shared master code).
type Schemas = components['schemas'];
export type User = Schemas['User'];
export type UserInput = Schemas['UserInput'];
export type UserUpdate = Schemas['UserUpdate'];
export type UserAttribute = Schemas['UserAttribute'];
export type Authority = Schemas['Authority'];
export type MfaType = User['mfaType'];
