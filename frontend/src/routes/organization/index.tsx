import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { OrganizationListPage } from '@/features/masters/organization/OrganizationListScreen';
import {
  ORGANIZATION_SEARCH_DEFAULTS,
  organizationSearchSchema,
  type OrganizationSearch,
} from '@/features/masters/organization/search';

export const Route = createFileRoute('/organization/')({
  staticData: { title: '組織', role: 'ROLE_SYSTEM_ADMIN' },
  validateSearch: organizationSearchSchema,
  search: { middlewares: [stripDefaults<OrganizationSearch>(ORGANIZATION_SEARCH_DEFAULTS)] },
  component: OrganizationListPage,
});
