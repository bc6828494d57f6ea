import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { windowText, type MaintenanceStatus } from './api';

/** The page a signed-in user (not a system administrator) sees instead of the screen during maintenance. */
export function MaintenancePage({ status }: { status: MaintenanceStatus }) {
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
