import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's check status schemas (backend/api/openapi.yaml, tag status).
type Schemas = components['schemas'];
export type StatusRow = Schemas['StatusRow'];
export type StatusPage = Schemas['StatusPage'];
export type StatusDetail = Schemas['StatusDetail'];
export type CheckSheet = Schemas['CheckSheet'];
export type SheetCategory = Schemas['SheetCategory'];
export type SheetItem = Schemas['SheetItem'];
export type CheckChoice = Schemas['CheckChoice'];
export type PeriodResult = Schemas['PeriodResult'];
export type CheckListName = Schemas['CheckListName'];

/** docs/product/constants.md: a sheet's progress, derived from its counts. */
export type Progress = StatusRow['progress'];
