import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { ReportPage } from '@/features/reports/ReportScreen';
import { REPORT_FILE_SEARCH_DEFAULTS, reportFileSearchSchema, type ReportFileSearch } from '@/features/reports/search';

export const Route = createFileRoute('/report/file/')({
  staticData: { title: 'レポート', role: 'ROLE_REPORT_REFERENCE' },
  validateSearch: reportFileSearchSchema,
  search: { middlewares: [stripDefaults<ReportFileSearch>(REPORT_FILE_SEARCH_DEFAULTS)] },
  component: ReportPage,
});
