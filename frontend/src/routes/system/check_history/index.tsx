import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { CheckHistoryPage } from '@/features/checkHistory/CheckHistoryScreen';
import { CHECK_HISTORY_SEARCH_DEFAULTS, checkHistorySearchSchema, type CheckHistorySearch } from '@/features/checkHistory/search';

// docs/product/shell.md: the check history period and page live in the URL (the period as text).
// A malformed value is dropped rather than failing the page; page 1 is left out.
export const Route = createFileRoute('/system/check_history/')({
  validateSearch: checkHistorySearchSchema,
  search: { middlewares: [stripDefaults<CheckHistorySearch>(CHECK_HISTORY_SEARCH_DEFAULTS)] },
  staticData: { title: 'チェック履歴', role: 'ROLE_SYSTEM_ADMIN' },
  component: CheckHistoryPage,
});
