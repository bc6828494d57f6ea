import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's check-list schemas (backend/api/openapi.yaml, tag checklist).
type Schemas = components['schemas'];
export type CheckListMaster = Schemas['CheckListMaster'];
export type CheckListMasterInput = Schemas['CheckListMasterInput'];
export type CheckListMasterSummary = Schemas['CheckListMasterSummary'];
export type CheckCategory = Schemas['CheckCategory'];
export type CheckItem = Schemas['CheckItem'];
export type CheckChoice = Schemas['CheckChoice'];
export type NextDuration = CheckListMasterInput['nextDuration'];
export type UserRow = Schemas['User'];
