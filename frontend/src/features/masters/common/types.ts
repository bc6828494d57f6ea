import type { components } from '@/lib/api/schema.gen';

// Short names for the contract's master-data schemas (src/lib/api/types.ts belongs to the shell).
type Schemas = components['schemas'];
export type GroupEnum = Schemas['GroupEnum'];
export type FacilityItem = Schemas['FacilityItem'];
export type Facility = Schemas['Facility'];
export type FacilityInput = Schemas['FacilityInput'];
export type FacilityAttribute = Schemas['FacilityAttribute'];
export type Group = Schemas['Group'];
export type GroupInput = Schemas['GroupInput'];
export type Terminal = Schemas['Terminal'];
export type TerminalInput = Schemas['TerminalInput'];

