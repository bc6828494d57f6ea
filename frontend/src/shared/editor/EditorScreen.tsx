import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { FormLoading } from '@/features/masters/common/FormLoading';
import { MasterPage } from '@/features/masters/common/MasterPage';
import { useOrganizationOptions } from '@/features/masters/common/session';
import type { OrganizationOptions } from '@/lib/api/types';

// The frame of an edit screen (check lists, surveys): the record read (or the server's defaults
// for a new one) with loading and failure states, then the form with its alerts and its row of
// save / cancel / delete. The form's logic is useEditorForm.

type RecordQuery<Rec, Key extends QueryKey> = UseQueryOptions<Rec, unknown, Rec, Key>;

export interface Loaded<Rec> {
  record: Rec;
  options: OrganizationOptions;
  /** Reads the record again (offered after a version conflict). */
  reload: () => Promise<Rec | undefined>;
}

interface EditorScreenProps<Rec, DetailKey extends QueryKey, DefaultsKey extends QueryKey> {
  /** Undefined for a new record. */
  id: number | undefined;
  titles: { add: string; edit: string };
  detailQuery: (id: number) => RecordQuery<Rec, DetailKey>;
  defaultsQuery: () => RecordQuery<Rec, DefaultsKey>;
  children: (loaded: Loaded<Rec>) => ReactNode;
}

/** Reads what is edited and the organization's options, then shows the form under its title. */
export function EditorScreen<Rec, DetailKey extends QueryKey, DefaultsKey extends QueryKey>({
  id,
  titles,
  detailQuery,
  defaultsQuery,
  children,
}: EditorScreenProps<Rec, DetailKey, DefaultsKey>) {
  const editing = id !== undefined;
  const detail = useQuery({ ...detailQuery(id ?? 0), enabled: editing });
  const defaults = useQuery({ ...defaultsQuery(), enabled: !editing });
  const options = useOrganizationOptions();
  const source = editing ? detail : defaults;
  const title = editing ? titles.edit : titles.add;

  const failed = [source, options].find((query) => query.isError);
  if (failed) return <FormLoading title={title} failed={failed} />;
  if (!source.data || !options.data) return <FormLoading title={title} rows={10} />;
  return (
    <MasterPage title={title}>
      {children({ record: source.data, options: options.data, reload: async () => (await detail.refetch()).data })}
    </MasterPage>
  );
}

interface EditorFormProps<Values extends Record<string, unknown>> {
  formProps: FormProps<Values>;
  initialValues: Values;
  canEdit: boolean;
  editing: boolean;
  /** Server messages for fields the form does not show. */
  otherErrors: readonly string[];
  /** Shown while editing a saved record: what a change does to earlier answers. */
  editingNote: string;
  saving: boolean;
  onCancel: () => void;
  onDelete: () => Promise<unknown>;
  /** Names what the delete button deletes: '衛生チェックを削除'. */
  deleteLabel: string;
  deleteDescription: string;
  children: ReactNode;
}

/** The form of an edit screen: alerts above the cards, save / cancel / delete below. */
export function EditorForm<Values extends Record<string, unknown>>({
  formProps,
  initialValues,
  canEdit,
  editing,
  otherErrors,
  editingNote,
  saving,
  onCancel,
  onDelete,
  deleteLabel,
  deleteDescription,
  children,
}: EditorFormProps<Values>) {
  return (
    <Form<Values> {...formProps} initialValues={initialValues} disabled={!canEdit} style={{ maxWidth: 1080 }}>
      <Flex vertical gap="middle">
        {otherErrors.length > 0 && <Alert type="error" showIcon title={otherErrors.join(' ')} />}
        {editing && <Alert type="info" showIcon title={editingNote} />}
        {children}
        <Flex gap="small" wrap justify="space-between">
          <Flex gap="small" wrap>
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            )}
            <Button disabled={false} onClick={onCancel}>
              {canEdit ? 'キャンセル' : '一覧に戻る'}
            </Button>
          </Flex>
          {canEdit && editing && (
            <DeleteButton text="削除" label={deleteLabel} description={deleteDescription} onConfirm={onDelete} />
          )}
        </Flex>
      </Flex>
    </Form>
  );
}
