import { createFileRoute } from '@tanstack/react-router';
import { OpenChecksScreen } from '@/features/checks/answer/OpenChecksScreen';

// The store's side (issue 5): the open checks of the signed-in user's store.
export const Route = createFileRoute('/check/')({
  staticData: { title: 'チェック回答' },
  component: OpenChecksScreen,
});
