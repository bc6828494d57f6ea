import type { components } from '@/lib/api/schema.gen';

/** The body of PUT /api/check/sheet/{periodId}, as the tests read it back. */
export type CheckSheetSave = components['schemas']['CheckSheetSave'];
