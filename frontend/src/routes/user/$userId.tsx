import { createFileRoute } from '@tanstack/react-router';
import { userDetailQuery } from '@/features/masters/user/queries';
import { UserEditPage } from '@/features/masters/user/UserFormScreen';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/user/$userId')({
  params: numericParams('userId'),
  staticData: { title: 'ユーザー', role: 'ROLE_USER_REFERENCE' },
  loader: (match) =>
    prefetchRecord(match, (organizationId) => userDetailQuery(organizationId, match.params.userId)),
  component: UserEditPage,
});
