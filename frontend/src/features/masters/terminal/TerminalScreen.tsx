import { PlusOutlined } from '@ant-design/icons';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Button, Empty, Flex, Form, Input, Modal, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useListState } from '@/shared/list/useListState';
import { useRouteSearch } from '@/shared/list/useRouteSearch';
import { ApiError } from '@/lib/api/send';
import { DeleteButton } from '../common/DeleteButton';
import { useMasterToasts } from '../common/feedback';
import { searchTextQuery } from '@/shared/list/listSearch';
import { MasterPage } from '../common/MasterPage';
import { ListTable } from '@/shared/list/ListTable';
import { QueryError } from '@/shared/feedback/QueryError';
import { SearchBar } from '@/shared/list/SearchBar';
import { useHasRole, useOrganizationId, useOrganizationOptions } from '../common/session';
import type { Terminal } from '../common/types';
import { useMasterForm } from '../common/useMasterForm';
import { FacilityPicker } from '../facility/FacilityPicker';
import { useTerminalMutations } from './mutations';
import { terminalListQuery } from './queries';
import { TERMINALS_NOT_USED, terminalFormSchema, type TerminalFormValues, type TerminalSearch } from './schema';

const routeApi = getRouteApi('/terminal/');

/** The route's component: the screen on the URL's search state. */
export function TerminalPage() {
  return <TerminalScreen {...useRouteSearch<TerminalSearch>(routeApi)} />;
}

interface Props {
  search: TerminalSearch;
  onSearchChange: (search: TerminalSearch) => void;
}

/** HTTP 422: the organization does not use terminals (check-in type NO_TERMINAL). */
const REFUSED = 422;


/**
 * /terminal/: the stores' check-in terminals, filtered by store and text; registered in a
 * dialog and removed in place. An organization without terminals sees the server's reason as
 * the empty state.
 */
export function TerminalScreen({ search, onSearchChange }: Props) {
  const organizationId = useOrganizationId();
  const canEdit = useHasRole('ROLE_FACILITY_EDIT');
  const toasts = useMasterToasts();
  const { remove: removeTerminal } = useTerminalMutations();
  const [registering, setRegistering] = useState(false);

  // The organization's options already tell when terminals are not used: then the list is not
  // asked for (the server would refuse it). Otherwise a refusal (422) shows the server's reason.
  const options = useOrganizationOptions();
  const checkinType = options.data?.checkinType;
  const { list, change, tableProps } = useListState({
    pageSizeList: 'terminal',
    search,
    onSearchChange,
    query: (size) => ({
      ...terminalListQuery(organizationId, {
        facilityId: search.facilityId,
        searchText: searchTextQuery(search.searchText),
        page: search.page,
        size,
      }),
      enabled: options.isError || (checkinType !== undefined && checkinType !== 'NO_TERMINAL'),
    }),
  });
  let notUsed: string | null = null;
  if (checkinType === 'NO_TERMINAL') notUsed = TERMINALS_NOT_USED;
  else if (list.error instanceof ApiError && list.error.code === REFUSED) notUsed = list.error.message;


  const remove = async (terminal: Terminal) => {
    toasts.outcome(await removeTerminal.mutateAsync(terminal.terminalRowId));
  };

  const columns: TableColumnsType<Terminal> = [
    {
      key: 'facilityName',
      title: '店舗',
      render: (_, terminal) => (
        <Link to="/facility/$facilityId" params={{ facilityId: terminal.facilityId }}>
          {terminal.facilityName}
        </Link>
      ),
    },
    { key: 'terminalId', title: '端末ID', dataIndex: 'terminalId' },
    { key: 'terminalName', title: '端末名', dataIndex: 'terminalName' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 80,
            render: (_: unknown, terminal: Terminal) => (
              <DeleteButton size="small" label={`${terminal.terminalId}を削除`} onConfirm={() => remove(terminal)} />
            ),
          },
        ]
      : []),
  ];

  let error = null;
  if (notUsed !== null) {
    error = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={notUsed} data-testid="terminal-not-used" />;
  } else if (list.isError && !list.data) {
    error = (
      <QueryError
        error={list.error}
        onRetry={() => {
          void list.refetch();
        }}
      />
    );
  }

  return (
    <MasterPage
      title="端末"
      actions={
        canEdit &&
        notUsed === null && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setRegistering(true);
            }}
          >
            端末を登録
          </Button>
        )
      }
    >
      {notUsed === null && (
        <SearchBar
          value={search.searchText}
          placeholder="端末ID・端末名・店舗名"
          onSearch={(searchText) => {
            change({ searchText });
          }}
        >
          <FacilityPicker
            aria-label="店舗で絞り込み"
            value={search.facilityId ?? null}
            onChange={(facilityId) => {
              change({ facilityId });
            }}
            placeholder="店舗"
            allowClear
            style={{ flex: '1 1 180px', maxWidth: 260 }}
          />
        </SearchBar>
      )}
      <ListTable<Terminal>
        label="端末一覧"
        rowKey={(terminal) => terminal.terminalRowId}
        columns={columns}
        {...tableProps}
        emptyText="該当する端末はありません"
        error={error}
        renderCard={(terminal) => (
          <Flex vertical>
            <Typography.Text strong>{terminal.terminalId}</Typography.Text>
            {terminal.terminalName && <Typography.Text>{terminal.terminalName}</Typography.Text>}
            <Typography.Text type="secondary">{terminal.facilityName}</Typography.Text>
          </Flex>
        )}
      />
      {registering && (
        <RegisterDialog
          facilityId={search.facilityId}
          onClose={() => {
            setRegistering(false);
          }}
        />
      )}
    </MasterPage>
  );
}

/** Registers a terminal to a store (the store filtered on is chosen beforehand). */
function RegisterDialog({
  facilityId,
  onClose,
}: {
  facilityId: number | undefined;
  onClose: () => void;
}) {
  const { register } = useTerminalMutations();
  const { form, formProps, rules, saving, otherErrors, clearChanged } = useMasterForm({
    schema: terminalFormSchema,
    save: register.mutateAsync,
    onSaved: onClose,
  });
  const initialValues: TerminalFormValues = { facilityId: facilityId ?? null, terminalId: '', terminalName: '' };
  return (
    <Modal
      open
      title="端末の登録"
      okText="登録"
      cancelText="キャンセル"
      confirmLoading={saving}
      onOk={() => {
        form.submit();
      }}
      onCancel={() => {
        clearChanged();
        onClose();
      }}
      destroyOnHidden
    >
      {otherErrors.length > 0 && <Typography.Paragraph type="danger">{otherErrors.join(' ')}</Typography.Paragraph>}
      <Form<TerminalFormValues> {...formProps} initialValues={initialValues}>
        <Form.Item name="facilityId" label="店舗" required rules={rules('facilityId')}>
          <FacilityPicker />
        </Form.Item>
        <Form.Item name="terminalId" label="端末ID" required rules={rules('terminalId')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="terminalName" label="端末名" rules={rules('terminalName')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
