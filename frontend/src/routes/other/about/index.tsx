import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '@/features/about/AboutScreen';

export const Route = createFileRoute('/other/about/')({
  staticData: { title: 'このシステムについて', role: 'ROLE_SYSTEM_ADMIN' },
  component: AboutScreen,
});
