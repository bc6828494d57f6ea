import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { DeliveryPage } from '@/features/deliveries/DeliveryScreen';
import { DELIVERY_SEARCH_DEFAULTS, deliverySearchSchema, type DeliverySearch } from '@/features/deliveries/schema';

export const Route = createFileRoute('/system/push_history/')({
  staticData: { title: '通知履歴', role: 'ROLE_SYSTEM_ADMIN' },
  validateSearch: deliverySearchSchema,
  search: { middlewares: [stripDefaults<DeliverySearch>(DELIVERY_SEARCH_DEFAULTS)] },
  component: DeliveryPage,
});
