import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { ExportPage } from '@/features/exports/ExportScreen';
import { HISTORY_FILE_SEARCH_DEFAULTS, historyFileSearchSchema, type HistoryFileSearch } from '@/features/exports/search';

export const Route = createFileRoute('/history_export/file/')({
  staticData: { title: 'エクスポート', role: 'ROLE_HISTORY_EXPORT' },
  validateSearch: historyFileSearchSchema,
  search: { middlewares: [stripDefaults<HistoryFileSearch>(HISTORY_FILE_SEARCH_DEFAULTS)] },
  component: ExportPage,
});
