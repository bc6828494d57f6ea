import { RightOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { Badge, Card, Flex, Typography } from 'antd';
import { useOrganizationId, useOrganizationOptions } from '@/features/masters/common/session';
import { useImprovementWaiting } from './queries';

/**
 * The store's improvement reports beside its open checks (the store staff's phone page): how
 * many wait for the store, one tap to the list.
 */
export function StoreImprovementShortcut() {
  const options = useOrganizationOptions();
  const organizationId = useOrganizationId();
  const available = options.data?.availableImprovement === true;
  const waiting = useImprovementWaiting(available, organizationId);
  if (!available) return null;
  return (
    <Link to="/improvement/{-$improvementId}" params={{ improvementId: undefined }} search={{}} aria-label="改善報告へ">
      <Card size="small" hoverable style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" gap="small">
          <Flex vertical gap={0}>
            <Typography.Text strong>改善報告</Typography.Text>
            <Typography.Text type="secondary">{waiting > 0 ? `対応待ち ${String(waiting)}件` : '対応待ちはありません'}</Typography.Text>
          </Flex>
          <Flex gap="small" align="center">
            <Badge count={waiting} />
            <RightOutlined />
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
}
