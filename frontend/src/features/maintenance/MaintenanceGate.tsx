import { ToolOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Result } from 'antd';
import type { ReactNode } from 'react';
import { maintenanceStatusQuery, windowText } from './api';

/**
 * Around every signed-in screen: the announcement banner while maintenance is announced, and
 * during maintenance the maintenance page instead of the screen (system administrators keep
 * working, under the banner).
 */
export function MaintenanceGate({ systemAdmin, children }: { systemAdmin: boolean; children: ReactNode }) {
  const status = useQuery(maintenanceStatusQuery).data;
  if (status?.active && !systemAdmin) {
    return (
      <Result
        icon={<ToolOutlined />}
        status="warning"
        title={
          <span role="heading" aria-level={1}>
            ただいまメンテナンス中です
          </span>
        }
        subTitle={
          <>
            {status.message && <div>{status.message}</div>}
            {status.endDate && <div>終了予定：{windowText(status.endDate)}</div>}
            <div>しばらくしてから再度アクセスしてください。</div>
          </>
        }
      />
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
