import { createFileRoute } from '@tanstack/react-router';
import { OrganizationAddPage } from '@/features/masters/organization/OrganizationFormScreen';

export const Route = createFileRoute('/organization/add')({
  staticData: { title: '組織', role: 'ROLE_SYSTEM_ADMIN' },
  component: OrganizationAddPage,
});
