import { Card, Col, Form, Row, Switch, TimePicker, type FormRule } from 'antd';
import { IntegerInput } from '@/shared/form/IntegerInput';
import { timeFieldProps } from '@/features/masters/common/pickerFields';

const half = { xs: 24, md: 12 };
const quarter = { xs: 12, md: 6 };

/**
 * The 改善報告 card of the check-list and survey editors: whether answers open improvement reports,
 * and when their reminder goes out (the fields availableImprovement, improvementReminderNotificationTime
 * and improvementReminderDaysBefore, named alike in both).
 */
export function ImprovementCard({
  rules,
  disabled,
}: {
  rules: (name: 'improvementReminderNotificationTime' | 'improvementReminderDaysBefore') => FormRule[];
  disabled: boolean;
}) {
  const form = Form.useFormInstance();
  const improvementOn = Form.useWatch('availableImprovement', form) === true;
  return (
    <Card title="改善報告" size="small">
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="availableImprovement" label="改善報告" valuePropName="checked">
            <Switch checkedChildren="利用する" unCheckedChildren="利用しない" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item
            name="improvementReminderNotificationTime"
            label="改善リマインド通知時刻"
            rules={rules('improvementReminderNotificationTime')}
            {...timeFieldProps}
          >
            <TimePicker
              format="HH:mm"
              needConfirm={false}
              placeholder="通知しない"
              disabled={disabled || !improvementOn}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="improvementReminderDaysBefore" label="改善リマインド日数" rules={rules('improvementReminderDaysBefore')}>
            <IntegerInput
              min={0}
              max={31}
              suffix="日前"
              disabled={disabled || !improvementOn}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
