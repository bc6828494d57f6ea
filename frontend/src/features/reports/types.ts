import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's report schemas (backend/api/openapi.yaml, tag report).
type Schemas = components['schemas'];
export type ReportFile = Schemas['ReportFile'];
export type ReportType = Schemas['ReportType'];
export type ReportInput = Schemas['ReportInput'];
export type PhotoCompare = NonNullable<ReportInput['photoCompareReportType']>;
