import { Flex, Input, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMasterToasts } from '@/features/masters/common/feedback';
import { FacilityPicker } from '@/features/masters/facility/FacilityPicker';
import { DatePicker } from '@/shared/dates/pickers';
import { useImprovementMutations } from './mutations';

interface Props {
  onClose: () => void;
  onCreated: (improvementId: number) => void;
}

/** Head office's own report on a free subject: the store, the subject, and a due date if not the default. */
export function CreateImprovementDialog({ onClose, onCreated }: Props) {
  const { create } = useImprovementMutations();
  const toasts = useMasterToasts();
  const [facilityId, setFacilityId] = useState<number | undefined>();
  const [subject, setSubject] = useState('');
  const [due, setDue] = useState<Dayjs | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!facilityId) local.facilityId = '店舗を選択してください。';
    if (subject.trim() === '') local.subject = '件名を入力してください。';
    setErrors(local);
    if (Object.keys(local).length > 0 || !facilityId) return;
    const outcome = await create.mutateAsync({ facilityId, subject, ...(due ? { dueDate: due.format('YYYY-MM-DD') } : {}) });
    toasts.outcome(outcome);
    if (!outcome.ok) {
      setErrors(outcome.failure.fieldErrors ?? {});
      return;
    }
    onCreated(outcome.data.improvementId);
  };

  return (
    <Modal open title="改善報告を作成" okText="作成" cancelText="キャンセル" onOk={() => void submit()} onCancel={onClose} confirmLoading={create.isPending}>
      <Flex vertical gap="middle">
        <Flex vertical gap={2}>
          <label>店舗</label>
          <FacilityPicker value={facilityId} onChange={setFacilityId} placeholder="店舗を選択（店舗名で検索）" />
          {errors.facilityId && <Typography.Text type="danger">{errors.facilityId}</Typography.Text>}
        </Flex>
        <Flex vertical gap={2}>
          <label htmlFor="improvement-subject">件名</label>
          <Input id="improvement-subject" value={subject} maxLength={200} onChange={(event) => { setSubject(event.target.value); }} />
          {errors.subject && <Typography.Text type="danger">{errors.subject}</Typography.Text>}
        </Flex>
        <Flex vertical gap={2}>
          <label>期限（空欄なら組織の既定日数後）</label>
          <DatePicker value={due} onChange={setDue} aria-label="期限" />
        </Flex>
      </Flex>
    </Modal>
  );
}
