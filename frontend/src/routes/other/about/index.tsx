import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '@/features/about/AboutScreen';

export const Route = createFileRoute('/other/about/')({
  staticData: { title: 'このシステムについて' },
  component: AboutScreen,
});
