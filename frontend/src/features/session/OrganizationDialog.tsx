import { Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { BASE_PATH } from '@/app/router';
import type { OrganizationEnum } from '@/lib/api/types';
import { browser } from '@/lib/browser';
import { setCurrentOrganizationId } from '@/lib/session/currentOrganization';
import { setFormChanged } from '@/lib/session/formChanged';

interface Props {
  open: boolean;
  organizations: OrganizationEnum[] | undefined;
  /** The organization chosen so far; null: none yet, so the dialog cannot be dismissed. */
  current: number | null;
  onClose: () => void;
}

/**
 * docs/product/shell.md: choose the organization a system administrator acts in. OK needs an integer
 * id; cancel exists only once an organization was chosen. Choosing another one forgets unsaved
 * form state, keeps the choice for this tab and starts again at Home.
 */
export function OrganizationDialog({
  open,
  organizations,
  current,
  onClose,
}: Props) {
  const [picked, setPicked] = useState<number | null>(current);
  const dismissible = current !== null;

  const confirm = () => {
    if (picked === null || !Number.isInteger(picked)) return;
    if (picked === current) {
      onClose();
      return;
    }
    setFormChanged(null);
    setCurrentOrganizationId(picked);
    // Home, as a new page: every cache and screen starts afresh in the new organization.
    browser.assign(`${BASE_PATH}/`);
  };

  return (
    <Modal
      open={open}
      title="組織選択"
      okText="OK"
      onOk={confirm}
      okButtonProps={{ disabled: picked === null || !Number.isInteger(picked) }}
      cancelText="キャンセル"
      onCancel={() => {
        if (dismissible) onClose();
      }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {dismissible && <CancelBtn />}
          <OkBtn />
        </>
      )}
      closable={dismissible}
      mask={{ closable: dismissible }}
      keyboard={dismissible}
      afterOpenChange={(isOpen) => {
        if (isOpen) setPicked(current);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>管理する組織を選択してください。</Typography.Paragraph>
      <Select<number>
        aria-label="組織"
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="組織を選択"
        loading={organizations === undefined}
        value={picked}
        onChange={(value) => {
          setPicked(value);
        }}
        options={(organizations ?? []).map((organization) => ({
          value: organization.value,
          label: `${organization.value}: ${organization.title}`,
        }))}
      />
    </Modal>
  );
}
