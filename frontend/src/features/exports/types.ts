import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's export schemas (backend/api/openapi.yaml, tag history_export).
type Schemas = components['schemas'];
export type HistoryFile = Schemas['HistoryFile'];
export type HistoryFilePage = Schemas['HistoryFilePage'];
export type HistoryType = Schemas['HistoryType'];
export type HistoryExportInput = Schemas['HistoryExportInput'];
export type HistoryFileStatus = HistoryFile['status'];
