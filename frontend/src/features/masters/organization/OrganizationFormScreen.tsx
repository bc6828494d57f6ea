import { FormLoading } from '@/features/masters/common/FormLoading';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { MasterPage } from '../common/MasterPage';
import { useBackToList } from '../common/navigation';
import { NumberInput } from '../common/NumberInput';
import type { NumberFieldValue } from '../common/NumberInputFormat';
import { useHasRole, useOrganizationId } from '../common/session';
import { CalendarCard } from '@/features/notifications/CalendarCard';
import { useMasterForm } from '../common/useMasterForm';
import type { Organization } from './api';
import { DateInput } from './DateInput';
import { humanBytes } from './format';
import { IpAllowListInput } from './IpAllowListInput';
import { useOrganizationMutations } from './mutations';
import { organizationDetailQuery } from './queries';
import {
  ADMIN_NOTE,
  BILLING_TYPES,
  CHECKIN_TYPES,
  LABELS,
  organizationFormSchema,
  type OrganizationFormOutput,
  type OrganizationFormValues,
} from './schema';
import { StorageUsage } from './StorageUsage';
import { adminInput, inputFromForm, NEW_ORGANIZATION, valuesOf } from './values';

const editRoute = getRouteApi('/organization/$organizationId');

/** /organization/{id}: a new form per organization. */
export function OrganizationEditPage() {
  const { organizationId } = editRoute.useParams();
  return <OrganizationFormScreen key={organizationId} organizationId={organizationId} />;
}

/** /organization/add */
export function OrganizationAddPage() {
  return <OrganizationFormScreen />;
}

/**
 * /organization/add (a system administrator's only: its route asks ROLE_SYSTEM_ADMIN) and
 * /organization/{id}. A system administrator edits every field; an
 * organization administrator (ROLE_ORGANIZATION_REFERENCE) sees its own organization and may
 * change only what the server lets it (ADMIN_EDITABLE); the rest is shown read-only.
 */
export function OrganizationFormScreen({ organizationId }: { organizationId?: number }) {
  const editing = organizationId !== undefined;
  const isSystemAdmin = useHasRole('ROLE_SYSTEM_ADMIN');
  const actingOrganization = useOrganizationId();
  const detail = useQuery({ ...organizationDetailQuery(organizationId ?? 0), enabled: editing });
  const title = !editing ? '組織の登録' : isSystemAdmin ? '組織の編集' : '組織情報';

  if (editing && detail.isError) {
    // One not there leads back to the organization list, or home for whom the list is not open (an
    // organization administrator); another failure offers a retry.
    return <FormLoading title={title} failed={detail} />;
  }
  const organization = detail.data;
  if (editing && !organization) {
    return <FormLoading title={title} rows={10} />;
  }
  return (
    <MasterPage title={title}>
      <OrganizationForm
        organization={organization}
        isSystemAdmin={isSystemAdmin}
        reload={async () => (await detail.refetch()).data}
      />
      {/* The calendar is the acting organization's (the API acts in the selected one). */}
      {organizationId !== undefined && organizationId === actingOrganization && (
        <CalendarCard organizationId={organizationId} canEdit />
      )}
    </MasterPage>
  );
}

interface FormProps {
  /** The organization read for editing; undefined for a new one. */
  organization: Organization | undefined;
  isSystemAdmin: boolean;
  reload: () => Promise<Organization | undefined>;
}

const half = { xs: 24, md: 12 };
const third = { xs: 24, sm: 12, lg: 8 };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={<span role="heading" aria-level={3}>{title}</span>} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}

function OrganizationForm({ organization, isSystemAdmin, reload }: FormProps) {
  const backToList = useBackToList('Organization');
  /** An organization administrator changes only ADMIN_EDITABLE. */
  const locked = !isSystemAdmin;

  // The organization mutation outdates the lists, the switch dialog's names, and the labels and
  // options the screens use.
  const { save: saveMutation } = useOrganizationMutations();
  const { mutateAsync: saveAsync } = saveMutation;
  const save = useCallback(
    (values: OrganizationFormOutput) => {
      const input = inputFromForm(values);
      if (organization === undefined || values.version === undefined) return saveAsync({ id: undefined, input });
      const body = locked ? adminInput(organization, input) : input;
      return saveAsync({ id: organization.organizationId, input: { ...body, version: values.version } });
    },
    [organization, locked, saveAsync],
  );

  const { form, formProps, rules, saving, otherErrors, clearChanged } = useMasterForm({
    schema: organizationFormSchema,
    save,
    onSaved: () => {
      if (isSystemAdmin) {
        void backToList();
        return;
      }
      // No list to go back to: stay, with the organization as now saved (its new version).
      restore();
    },
    reload: () => {
      restore();
    },
  });

  function restore() {
    void reload().then((fresh) => {
      if (!fresh) return;
      form.resetFields();
      form.setFieldsValue(valuesOf(fresh));
      clearChanged();
    });
  }

  const initialValues = organization ? valuesOf(organization) : NEW_ORGANIZATION;
  /** Props of a control the organization administrator may not change. */
  const lockedProps = { disabled: locked };
  /** Props of a control everyone here may change (overrides the form's `disabled`). */
  const open = { disabled: false };

  return (
    <div style={{ maxWidth: 960 }}>
      {otherErrors.length > 0 && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={otherErrors.join(' ')} />}
      {locked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={ADMIN_NOTE}
        />
      )}
      <Form<OrganizationFormValues> {...formProps} initialValues={initialValues} disabled={locked}>
        <Section title="基本情報">
          <Row gutter={16}>
            {organization && (
              <Col {...half}>
                <Form.Item label="組織ID">
                  <Input value={organization.organizationId} readOnly variant="borderless" aria-label="組織ID" />
                </Form.Item>
              </Col>
            )}
            <Col {...half}>
              <Form.Item name="organizationName" label={LABELS.organizationName} required rules={rules('organizationName')}>
                <Input autoComplete="off" {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="jkCode" label={LABELS.jkCode} rules={rules('jkCode')}>
                <Input autoComplete="off" {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="personInCharge" label={LABELS.personInCharge} rules={rules('personInCharge')}>
                <Input autoComplete="off" {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="demo" label={LABELS.demo} valuePropName="checked">
                <Switch checkedChildren="デモ" unCheckedChildren="本番" {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="externalDataIdLabel"
                label={LABELS.externalDataIdLabel}
                required
                rules={rules('externalDataIdLabel')}
                tooltip="店舗の外部データID(店舗コードなど)の呼び名です。"
              >
                <Input autoComplete="off" {...open} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="externalDataValueLabel"
                label={LABELS.externalDataValueLabel}
                required
                rules={rules('externalDataValueLabel')}
                tooltip="店舗の外部データの呼び名です。"
              >
                <Input autoComplete="off" {...open} />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title="サービス期間">
          <Row gutter={16}>
            <Col {...third}>
              <Form.Item name="serviceStartDate" label={LABELS.serviceStartDate} rules={rules('serviceStartDate')}>
                <DateInput {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...third}>
              <Form.Item
                name="serviceEndDate"
                label={LABELS.serviceEndDate}
                rules={rules('serviceEndDate')}
                dependencies={['serviceStartDate']}
              >
                <DateInput {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...third}>
              <Form.Item name="mobileAppEndDate" label={LABELS.mobileAppEndDate} rules={rules('mobileAppEndDate')}>
                <DateInput {...lockedProps} />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title="機能">
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="checkinType" label={LABELS.checkinType}>
                <Select options={CHECKIN_TYPES.map((type) => ({ ...type }))} {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="allowPhotoLibrary" label={LABELS.allowPhotoLibrary} valuePropName="checked">
                <Switch checkedChildren="許可する" unCheckedChildren="許可しない" {...open} />
              </Form.Item>
            </Col>
            <FlagItem name="availableImprovement" locked={locked} />
            <Col {...half}>
              <Form.Item
                name="improvementDueDays"
                label={LABELS.improvementDueDays}
                required
                rules={rules('improvementDueDays')}
                extra="チェックの期間に結び付かない改善報告(アンケート回答・本部作成)の期限を、作成日から何日後にするか。"
              >
                <NumberInput suffix="日" {...open} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="reportRanks"
                label={LABELS.reportRanks}
                rules={rules('reportRanks')}
                extra="基本レポートのランク。ランク名と最低の得点率を高い順に。空欄は S:90,A:80,B:70,C:60,D:0。"
              >
                <Input placeholder="S:90,A:80,B:70,C:60,D:0" autoComplete="off" {...open} />
              </Form.Item>
            </Col>
            <FlagItem name="availableAdvancedReport" locked={locked} />
            <FlagItem name="availableSurvey" locked={locked} />
            <Col {...half}>
              <Form.Item name="surveyStartDate" label={LABELS.surveyStartDate} rules={rules('surveyStartDate')}>
                <DateInput {...lockedProps} />
              </Form.Item>
            </Col>
            <FlagItem name="availableMfaMail" locked={locked} />
            <FlagItem name="availableOpeHistoryExport" locked={locked} />
          </Row>
        </Section>

        <Section title="セキュリティ">
          <Form.Item name="ipAddressRestriction" label={LABELS.ipAddressRestriction} valuePropName="checked">
            <Switch checkedChildren="制限する" unCheckedChildren="制限しない" {...open} />
          </Form.Item>
          <Form.Item
            name="allowIpAddresses"
            label={LABELS.allowIpAddresses}
            rules={rules('allowIpAddresses')}
            dependencies={['ipAddressRestriction']}
            extra="IPアドレス制限が有効なとき、制限の対象となるユーザーはここに登録したアドレス(IPアドレスまたはCIDR)からのみ利用できます。"
          >
            <IpAllowListInput {...open} />
          </Form.Item>
        </Section>

        <Section title="ストレージ">
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item
                name="storageSize"
                label={LABELS.storageSize}
                required
                rules={rules('storageSize')}
                extra={<BytesHint form={form} name="storageSize" />}
              >
                <NumberInput suffix="バイト" {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="maxStorageUsage"
                label={LABELS.maxStorageUsage}
                required
                rules={rules('maxStorageUsage')}
                extra={<BytesHint form={form} name="maxStorageUsage" zeroText="0は無制限" />}
              >
                <NumberInput suffix="バイト" {...lockedProps} />
              </Form.Item>
            </Col>
            {organization && (
              <Col span={24}>
                <Form.Item label="使用量">
                  <StorageUsage usage={organization.storageUsage} limit={organization.maxStorageUsage} />
                </Form.Item>
              </Col>
            )}
          </Row>
        </Section>

        <Section title="請求">
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="billingType" label={LABELS.billingType}>
                <Select options={BILLING_TYPES.map((type) => ({ ...type }))} {...lockedProps} />
              </Form.Item>
            </Col>
            <Col {...half} />
            <FlagItem name="chargedForUser" locked={locked} />
            <FlagItem name="chargedForUserAtEndOfMonth" locked={locked} />
            <FlagItem name="chargedForFacility" locked={locked} />
            <FlagItem name="chargedForAdvancedReport" locked={locked} />
            <FlagItem name="chargedForSurvey" locked={locked} />
            <FlagItem name="chargedByGroup" locked={locked} />
          </Row>
        </Section>

        <Flex gap="small" wrap>
          <Button type="primary" htmlType="submit" loading={saving} disabled={false}>
            保存
          </Button>
          {isSystemAdmin ? (
            <Button
              disabled={false}
              onClick={() => {
                void backToList();
              }}
            >
              キャンセル
            </Button>
          ) : (
            <Button
              disabled={false}
              onClick={() => {
                form.resetFields();
                clearChanged();
              }}
            >
              元に戻す
            </Button>
          )}
        </Flex>
      </Form>
    </div>
  );
}

type FlagName =
  | 'availableImprovement'
  | 'availableAdvancedReport'
  | 'availableSurvey'
  | 'availableMfaMail'
  | 'availableOpeHistoryExport'
  | 'chargedForUser'
  | 'chargedForUserAtEndOfMonth'
  | 'chargedForFacility'
  | 'chargedForAdvancedReport'
  | 'chargedForSurvey'
  | 'chargedByGroup';

/** An on/off option only a system administrator changes. */
function FlagItem({ name, locked }: { name: FlagName; locked: boolean }) {
  const billing = name.startsWith('charged');
  return (
    <Col {...half}>
      <Form.Item name={name} label={LABELS[name]} valuePropName="checked">
        <Switch
          checkedChildren={billing ? '対象' : '利用する'}
          unCheckedChildren={billing ? '対象外' : '利用しない'}
          disabled={locked}
        />
      </Form.Item>
    </Col>
  );
}

/** The size typed, in GB and the like, under a bytes field. */
function BytesHint({ form, name, zeroText }: { form: FormInstance<OrganizationFormValues>; name: 'storageSize' | 'maxStorageUsage'; zeroText?: string }) {
  const value: NumberFieldValue | undefined = Form.useWatch<NumberFieldValue | undefined>(name, form);
  if (typeof value !== 'number') return zeroText ?? null;
  if (value === 0 && zeroText) return zeroText;
  // Below a kilobyte the field already says it all.
  return value < 1024 ? null : `約 ${humanBytes(value)}`;
}
