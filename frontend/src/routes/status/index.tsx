import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { StatusListPage } from '@/features/checks/status/StatusListScreen';
import { STATUS_SEARCH_DEFAULTS, statusSearchSchema, type StatusSearch } from '@/features/checks/status/schema';

export const Route = createFileRoute('/status/')({
  staticData: { title: 'チェック状況', role: 'ROLE_CHECK_REFERENCE' },
  validateSearch: statusSearchSchema,
  search: { middlewares: [stripDefaults<StatusSearch>(STATUS_SEARCH_DEFAULTS)] },
  component: StatusListPage,
});
