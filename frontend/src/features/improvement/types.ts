import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's improvement schemas (backend/api/openapi.yaml, tag improvement).
type Schemas = components['schemas'];
export type Improvement = Schemas['Improvement'];
export type ImprovementPage = Schemas['ImprovementPage'];
export type ImprovementDetail = Schemas['ImprovementDetail'];
export type ImprovementEvent = Schemas['ImprovementEvent'];
export type ImprovementSource = Schemas['ImprovementSource'];
export type ImprovementStatus = Schemas['ImprovementStatus'];
export type ImprovementAction = Schemas['ImprovementAction'];
export type ImprovementStep = Schemas['ImprovementStep'];
export type ImprovementChange = Schemas['ImprovementChange'];
export type ImprovementCreate = Schemas['ImprovementCreate'];
export type Side = ImprovementDetail['side'];
