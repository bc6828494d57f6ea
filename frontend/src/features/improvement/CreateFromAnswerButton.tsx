import { FlagOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'antd';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { useImprovementMutations } from './mutations';

interface Props {
  facilityId: number;
  periodId: number;
  itemId: number;
}

/**
 * 改善報告を作成 on an answer of the status detail: head office's own report on it (or the one
 * it already has), opened at once.
 */
export function CreateFromAnswerButton({ facilityId, periodId, itemId }: Props) {
  const { create } = useImprovementMutations();
  const toasts = useMasterToasts();
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      icon={<FlagOutlined />}
      loading={create.isPending}
      onClick={() => {
        void create.mutateAsync({ facilityId, periodId, itemId }).then((outcome) => {
          toasts.outcome(outcome);
          if (outcome.ok) {
            void navigate({ to: '/improvement/{-$improvementId}', params: { improvementId: outcome.data.improvementId }, search: {} });
          }
        });
      }}
    >
      改善報告を作成
    </Button>
  );
}
