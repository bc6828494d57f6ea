import { createFileRoute } from '@tanstack/react-router';
import { OrganizationEditPage } from '@/features/masters/organization/OrganizationFormScreen';
import { organizationDetailQuery } from '@/features/masters/organization/queries';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/organization/$organizationId')({
  params: numericParams('organizationId'),
  staticData: { title: '組織' },
  // The organization of the address, whichever organization the console acts in.
  loader: ({ context: { queryClient }, params }) =>
    prefetchRecord(queryClient, () => organizationDetailQuery(params.organizationId)),
  component: OrganizationEditPage,
});
