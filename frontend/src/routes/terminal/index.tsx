import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { TerminalPage } from '@/features/masters/terminal/TerminalScreen';
import { TERMINAL_SEARCH_DEFAULTS, terminalSearchSchema, type TerminalSearch } from '@/features/masters/terminal/search';

export const Route = createFileRoute('/terminal/')({
  staticData: { title: '端末', role: 'ROLE_FACILITY_EDIT', feature: 'terminal' },
  validateSearch: terminalSearchSchema,
  search: { middlewares: [stripDefaults<TerminalSearch>(TERMINAL_SEARCH_DEFAULTS)] },
  component: TerminalPage,
});
