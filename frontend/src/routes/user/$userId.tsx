import { createFileRoute } from '@tanstack/react-router';
import { UserEditPage } from '@/features/masters/user/UserFormScreen';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/user/$userId')({
  params: numericParams('userId'),
  staticData: { title: 'ユーザー' },
  component: UserEditPage,
});
