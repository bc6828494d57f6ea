import { createFileRoute } from '@tanstack/react-router';
import { ScheduleScreen } from '@/features/schedule/ScheduleScreen';

export const Route = createFileRoute('/system/schedule/')({
  staticData: { title: 'スケジュール実行', role: 'ROLE_SYSTEM_ADMIN' },
  component: ScheduleScreen,
});
