import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's bulk registration schemas (backend/api/openapi.yaml, tag master).
type Schemas = components['schemas'];
export type MasterImport = Schemas['MasterImport'];
export type MasterImportPage = Schemas['MasterImportPage'];
export type MasterImportRow = Schemas['MasterImportRow'];
export type MasterImportRowPage = Schemas['MasterImportRowPage'];
export type MasterSet = Schemas['MasterSet'];
export type MasterOp = Schemas['MasterOp'];
export type MasterCount = Schemas['MasterCount'];
export type MasterImportStatus = MasterImport['status'];
