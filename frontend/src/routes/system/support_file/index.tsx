import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { SupportFilePage } from '@/features/supportFiles/SupportFileScreen';
import { SUPPORT_FILE_SEARCH_DEFAULTS, supportFileSearchSchema, type SupportFileSearch } from '@/features/supportFiles/schema';

export const Route = createFileRoute('/system/support_file/')({
  staticData: { title: 'マニュアル', role: 'ROLE_SYSTEM_ADMIN' },
  validateSearch: supportFileSearchSchema,
  search: { middlewares: [stripDefaults<SupportFileSearch>(SUPPORT_FILE_SEARCH_DEFAULTS)] },
  component: SupportFilePage,
});
