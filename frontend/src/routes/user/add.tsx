import { createFileRoute } from '@tanstack/react-router';
import { UserAddPage } from '@/features/masters/user/UserFormScreen';

export const Route = createFileRoute('/user/add')({
  staticData: { title: 'ユーザー', role: 'ROLE_USER_REFERENCE' },
  component: UserAddPage,
});
