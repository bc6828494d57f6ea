import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { maintenanceStatusQuery, windowText } from './api';
import { lazyNamed } from '@/lib/lazyNamed';

// The page shown during maintenance is its own chunk (antd's Result is large, and rarely shown).
const MaintenancePage = lazyNamed(() => import('./MaintenancePage'), 'MaintenancePage');

/**
 * Around every signed-in screen: the announcement banner while maintenance is announced, and
 * during maintenance the maintenance page instead of the screen (system administrators keep
 * working, under the banner).
 */
export function MaintenanceGate({ systemAdmin, children }: { systemAdmin: boolean; children: ReactNode }) {
  const status = useQuery(maintenanceStatusQuery).data;
  if (status?.active && !systemAdmin) {
    return (
      <Suspense fallback={null}>
        <MaintenancePage status={status} />
      </Suspense>
    );
  }
  return (
    <>
      {status?.announced && (
        <Alert
          role="status"
          type={status.active ? 'error' : 'warning'}
          showIcon
          banner
          title={status.active ? 'メンテナンス中です（システム管理者として操作しています）' : 'メンテナンスのお知らせ'}
          description={
            <>
              {status.message && <div>{status.message}</div>}
              {status.startDate && <div>期間：{windowText(status.startDate, status.endDate)}</div>}
            </>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {children}
    </>
  );
}
