import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { MasterImportPage } from '@/features/masterImport/MasterImportScreen';
import { MASTER_SEARCH_DEFAULTS, masterSearchSchema, type MasterSearch } from '@/features/masterImport/schema';

export const Route = createFileRoute('/master/')({
  staticData: { title: 'マスタ一括登録', role: 'ROLE_MASTER_IMPORT' },
  validateSearch: masterSearchSchema,
  search: { middlewares: [stripDefaults<MasterSearch>(MASTER_SEARCH_DEFAULTS)] },
  component: MasterImportPage,
});
