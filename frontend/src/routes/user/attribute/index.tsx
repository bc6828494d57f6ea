import { createFileRoute } from '@tanstack/react-router';
import { UserAttributeScreen } from '@/features/masters/user/UserAttributeScreen';

export const Route = createFileRoute('/user/attribute/')({
  staticData: { title: 'ユーザータグ', role: 'ROLE_USER_REFERENCE' },
  component: UserAttributeScreen,
});
