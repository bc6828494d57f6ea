import { createFileRoute } from '@tanstack/react-router';
import { MaintenanceScreen } from '@/features/maintenance/MaintenanceScreen';

export const Route = createFileRoute('/system/maintenance/')({
  staticData: { title: 'メンテナンス', role: 'ROLE_SYSTEM_ADMIN' },
  component: MaintenanceScreen,
});
