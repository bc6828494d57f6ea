import { createFileRoute } from '@tanstack/react-router';
import { OrganizationEditPage } from '@/features/masters/organization/OrganizationFormScreen';
import { organizationDetailQuery } from '@/features/masters/organization/queries';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/organization/$organizationId')({
  params: numericParams('organizationId'),
  staticData: { title: '組織', role: 'ROLE_ORGANIZATION_REFERENCE' },
  // The organization of the address, whichever organization the console acts in.
  loader: (match) =>
    prefetchRecord(match, () => organizationDetailQuery(match.params.organizationId)),
  component: OrganizationEditPage,
});
