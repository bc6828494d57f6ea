import { createFileRoute } from '@tanstack/react-router';
import { OrganizationEditPage } from '@/features/masters/organization/OrganizationFormScreen';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/organization/$organizationId')({
  params: numericParams('organizationId'),
  staticData: { title: '組織' },
  component: OrganizationEditPage,
});
