import { createFileRoute } from '@tanstack/react-router';
import { CheckHistoryPage } from '@/features/checkHistory/CheckHistoryScreen';
import { checkHistorySearchSchema } from '@/features/checkHistory/search';

// docs/product/shell.md: the check history period lives in the URL as text. A malformed value is
// dropped rather than failing the page.
export const Route = createFileRoute('/system/check_history/')({
  validateSearch: checkHistorySearchSchema,
  staticData: { title: 'チェック履歴', role: 'ROLE_SYSTEM_ADMIN' },
  component: CheckHistoryPage,
});
