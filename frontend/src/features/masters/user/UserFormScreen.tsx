import { FormLoading } from '@/features/masters/common/FormLoading';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { OrganizationOptions } from '@/lib/api/types';
import { DeleteButton } from '../common/DeleteButton';
import { GroupTreeSelect } from '../common/GroupTreeSelect';
import { MasterPage } from '../common/MasterPage';
import { useGroupList, useOrganizationId, useOrganizationOptions } from '../common/session';
import type { GroupEnum } from '../common/types';
import { useEditorForm } from '@/shared/editor/useEditorForm';
import { FacilityPicker } from '../facility/FacilityPicker';
import { facilityListQuery } from '../facility/queries';
import { authorityLabel, useAuthorityChoices, useLoginUser, type AuthorityChoices } from './authorities';
import { useUserMutations } from './mutations';
import { userAttributesQuery, userDetailQuery } from './queries';
import { generateRandomCode } from './randomCode';
import { DEFAULT_MAIN_AUTHORITY, userFormSchema, type UserFormValues } from './schema';
import type { Authority, User, UserAttribute } from './types';

const editRoute = getRouteApi('/user/$userId');

/** /user/{id}: a new form per user, so moving between users starts afresh. */
export function UserEditPage() {
  const { userId } = editRoute.useParams();
  return <UserFormScreen key={userId} userId={userId} />;
}

/** /user/add */
export function UserAddPage() {
  return <UserFormScreen />;
}

/** /user/add (no id) and /user/{id}: one user's form. */
export function UserFormScreen({ userId }: { userId?: number }) {
  const organizationId = useOrganizationId();
  const editing = userId !== undefined;
  const detail = useQuery({ ...userDetailQuery(organizationId, userId ?? 0), enabled: editing });
  const groups = useGroupList();
  const tags = useQuery(userAttributesQuery(organizationId));
  const options = useOrganizationOptions();
  const choices = useAuthorityChoices();

  const failed = [editing ? detail : null, groups, tags, options].find((query) => query?.isError);
  const title = editing ? 'ユーザーの編集' : 'ユーザーの登録';
  if (failed) return <FormLoading title={title} failed={failed} />;
  const user = detail.data;
  if ((editing && !user) || !groups.data || !tags.data || !options.data || !choices) {
    return <FormLoading title={title} rows={10} />;
  }
  return (
    <MasterPage title={title}>
      <UserForm
        user={user}
        groups={groups.data}
        tags={tags.data}
        options={options.data}
        choices={choices}
        reload={async () => (await detail.refetch()).data}
      />
    </MasterPage>
  );
}

interface FormProps {
  /** The user read for editing; undefined for a new one. */
  user: User | undefined;
  groups: readonly GroupEnum[];
  tags: readonly UserAttribute[];
  options: OrganizationOptions;
  choices: AuthorityChoices;
  reload: () => Promise<User | undefined>;
}

function valuesOf(user: User): UserFormValues {
  return {
    userAccount: user.userAccount,
    lastName: user.lastName,
    firstName: user.firstName,
    password: '',
    mainAuthorityName: user.mainAuthorityName,
    subAuthorityNameList: user.subAuthorityNameList,
    groupId: user.groupId,
    // No store is null (or 0) on the server; the form holds none as empty.
    facilityId: user.facilityId === 0 ? null : user.facilityId,
    attributeIdList: user.attributeList.map((tag) => tag.userAttributeId),
    ipAddressRestriction: user.ipAddressRestriction,
    mfaType: user.mfaType,
    mailAddress: user.mailAddress,
    disabled: user.disabled,
    version: user.version,
  };
}

/** Under the IP restriction switch where the organization does not restrict addresses. */
const IP_RESTRICTION_UNUSED = 'この組織はIPアドレス制限を使用していません。組織の設定で有効にするまで、この設定は適用されません。';

/** docs/product/masters.md: a new user is GROUP_STAFF, restricted by IP address, without a second factor. */
const NEW_USER: Partial<UserFormValues> = {
  userAccount: '',
  lastName: '',
  firstName: '',
  password: '',
  mainAuthorityName: DEFAULT_MAIN_AUTHORITY,
  subAuthorityNameList: [],
  attributeIdList: [],
  ipAddressRestriction: true,
  mfaType: 'NONE',
  mailAddress: '',
  disabled: false,
};

/**
 * The options of an authority select: what the signed-in user may give, plus what the user
 * already holds (shown, so nothing is hidden; a held one that may not be given is marked and
 * cannot be chosen again).
 */
function authorityOptions(grantable: readonly Authority[], all: readonly Authority[], held: readonly string[]) {
  const options = grantable.map((authority) => ({ value: authority.name, label: authority.label, disabled: false }));
  for (const name of held) {
    if (options.some((option) => option.value === name)) continue;
    options.push({ value: name, label: `${authorityLabel(all, name)}(付与できない権限)`, disabled: true });
  }
  return options;
}

function UserForm({ user, groups, tags, options, choices, reload }: FormProps) {
  const organizationId = useOrganizationId();
  const loginUser = useLoginUser();
  const userId = user?.userId;
  const isNew = userId === undefined;
  const isSelf = user !== undefined && loginUser?.userId === user.userId;
  const [passwordShown, setPasswordShown] = useState(false);

  // Whether the chosen group has stores decides whether a group staff user needs one (asked of the
  // server below, per group).
  const [groupHasStores, setGroupHasStores] = useState(false);
  const schema = useMemo(
    () => userFormSchema(isNew, ({ mainAuthorityName }) => mainAuthorityName === 'GROUP_STAFF' && groupHasStores),
    [isNew, groupHasStores],
  );
  // Save and delete go through the user mutations, which outdate what shows users; then back to the list.
  const { save, remove } = useUserMutations();
  const { form, formProps, rules, saving, otherErrors, onCancel, onDelete } = useEditorForm({
    schema,
    id: userId,
    list: 'User',
    save,
    remove,
    reload,
    valuesOf,
  });

  const mainAuthority = Form.useWatch<string | undefined>('mainAuthorityName', form);
  const groupId = Form.useWatch<number | null | undefined>('groupId', form) ?? undefined;
  // The server's count (user.StoreRequired): the stores of the group's subtree, as the store list filters them.
  const storesInGroup = useQuery({
    ...facilityListQuery(organizationId, { groupId, sortBy: 'facilityNameKana', descending: false, page: 1, size: 1 }),
    enabled: groupId !== undefined,
  });
  const hasStores = groupId !== undefined && (storesInGroup.data?.total ?? 0) > 0;
  if (hasStores !== groupHasStores) setGroupHasStores(hasStores);
  const storeRequired = mainAuthority === 'GROUP_STAFF' && groupHasStores;

  const generatePassword = () => {
    form.setFieldValue('password', generateRandomCode());
    setPasswordShown(true);
    formProps.onValuesChange();
    void form.validateFields(['password']).catch(() => undefined);
  };

  const initialValues = user ? valuesOf(user) : NEW_USER;
  const mainOptions = authorityOptions(choices.main, choices.all, user ? [user.mainAuthorityName] : []);
  const subOptions = authorityOptions(choices.sub, choices.all, user?.subAuthorityNameList ?? []);
  const half = { xs: 24, md: 12 };

  return (
    <Card style={{ maxWidth: 960 }}>
      {otherErrors.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={otherErrors.join(' ')} />}
      {user?.disabled && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="このユーザーは無効です。ログインできません。" />
      )}
      <Form<UserFormValues> {...formProps} initialValues={initialValues}>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="userAccount" label="ユーザーアカウント" required rules={rules('userAccount')}>
              <Input autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="mailAddress" label="メールアドレス" required rules={rules('mailAddress')}>
              <Input type="email" inputMode="email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="lastName" label="姓" required rules={rules('lastName')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="firstName" label="名" required rules={rules('firstName')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="パスワード"
              htmlFor="password"
              required={isNew}
              extra={
                isNew
                  ? '8文字以上で、英大文字・英小文字・数字・記号のうち三種類を含めてください。'
                  : 'リセットするときだけ入力します。空欄のままなら変わりません。保存するとこのユーザーのログイン中のセッションは終了します。'
              }
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="password" rules={rules('password')} noStyle>
                  <Input.Password
                    autoComplete="new-password"
                    placeholder={isNew ? undefined : '変更しない'}
                    visibilityToggle={{ visible: passwordShown, onVisibleChange: setPasswordShown }}
                  />
                </Form.Item>
                {/* No icon: antd's key reads as a magnifying glass beside a field. */}
                <Button onClick={generatePassword}>生成</Button>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="mainAuthorityName" label="権限" required rules={rules('mainAuthorityName')}>
              <Select<string> options={mainOptions} placeholder="権限を選択" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="subAuthorityNameList" label="追加権限" rules={rules('subAuthorityNameList')}>
              <Select<string[]>
                mode="multiple"
                allowClear
                options={subOptions}
                placeholder="追加権限を選択"
                notFoundContent="付与できる追加権限はありません"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="groupId" label="所属グループ" required rules={rules('groupId')}>
              <GroupTreeSelect groups={groups} placeholder="所属グループを選択" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="facilityId"
              label="所属店舗"
              required={storeRequired}
              rules={rules('facilityId')}
              dependencies={['mainAuthorityName', 'groupId']}
              tooltip="グループスタッフは、所属グループ（またはその配下）に店舗があるとき必須です"
            >
              <FacilityPicker placeholder="所属店舗を選択（店舗名で検索）" groupId={groupId} allowClear={!storeRequired} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="attributeIdList" label="タグ" rules={rules('attributeIdList')}>
              <Select<number[]>
                mode="multiple"
                allowClear
                placeholder="タグを選択"
                options={tags.map((tag) => ({ value: tag.userAttributeId, label: tag.label }))}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent="タグがありません"
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="mfaType" label="二段階認証" rules={rules('mfaType')}>
              <Radio.Group
                options={[
                  { value: 'NONE', label: 'なし' },
                  {
                    value: 'MAIL',
                    label: 'メールで確認コード',
                    disabled: !options.availableMfaMail && user?.mfaType !== 'MAIL',
                  },
                ]}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            {/* docs/sign-in.md: a user is restricted only while the organization's restriction is on too.
                Where it is off, the user's setting is kept (new users start on, as the server's
                default) but cannot be changed here: a switch reading 制限する above a note that
                nothing is restricted would contradict it. */}
            <Form.Item
              name="ipAddressRestriction"
              label="IPアドレス制限"
              valuePropName="checked"
              extra={options.ipAddressRestriction ? undefined : IP_RESTRICTION_UNUSED}
            >
              <Switch checkedChildren="制限する" unCheckedChildren="制限しない" disabled={!options.ipAddressRestriction} />
            </Form.Item>
          </Col>
          {!isNew && !isSelf && (
            <Col {...half}>
              <Form.Item name="disabled" label="利用停止" valuePropName="checked" rules={rules('disabled')}>
                <Checkbox>このユーザーを無効にする（ログインできなくなります）</Checkbox>
              </Form.Item>
            </Col>
          )}
        </Row>
        <Flex gap="small" wrap justify="space-between">
          <Flex gap="small" wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
            <Button
              onClick={onCancel}
            >
              キャンセル
            </Button>
          </Flex>
          {user && !isSelf && (
            <DeleteButton
              text="削除"
              label={`${user.userAccount}を削除`}
              description={
                <Typography.Text type="secondary">
                  {user.lastName} {user.firstName}（{user.userAccount}）を削除します。元に戻せません。
                </Typography.Text>
              }
              onConfirm={onDelete}
            />
          )}
        </Flex>
      </Form>
    </Card>
  );
}
