import { createFileRoute } from '@tanstack/react-router';
import { UserAddPage } from '@/features/masters/user/UserFormScreen';

export const Route = createFileRoute('/user/add')({
  staticData: { title: 'ユーザー' },
  component: UserAddPage,
});
