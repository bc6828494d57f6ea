import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Form, Input, Typography, type FormListFieldData } from 'antd';
import { SortableFields, type RowParts } from '@/shared/sortable/SortableFields';
import { schemaListRule, schemaRule } from '@/lib/validation/antd';
import { newCategory, newItem } from './model';
import { ScaleEditor } from './ScaleEditor';
import { checkListFormSchema } from './schema';

// The categories of a check list and their items, edited in place: names, questions, scales and
// flags; added, removed, and reordered by dragging a handle or with the up/down buttons.

/** The zod check of one field at `path` ("categoryList.0.itemList.1.question"). */
const rule = (path: string) => [schemaRule(checkListFormSchema, path)];

const categoryLabel = (index: number) => `カテゴリ${index + 1}`;

export function CategoryList({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  return (
    <Form.List name="categoryList" rules={[schemaListRule(checkListFormSchema, form, 'categoryList')]}>
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap="middle">
          <SortableFields
            fields={fields}
            idPrefix="category"
            noun="カテゴリ"
            labelOf={categoryLabel}
            move={move}
            remove={remove}
            deleteDescription="カテゴリとその項目を削除します。"
            disabled={disabled}
            renderRow={(field, index, parts) => <CategoryCard field={field} index={index} disabled={disabled} {...parts} />}
          />
          <Form.ErrorList errors={errors} />
          {!disabled && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => {
                add(newCategory());
              }}
            >
              カテゴリを追加
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

interface CategoryCardProps extends RowParts {
  field: FormListFieldData;
  index: number;
  disabled: boolean;
}

function CategoryCard({ field, index, handle, tools, disabled }: CategoryCardProps) {
  const form = Form.useFormInstance();
  const label = categoryLabel(index);
  const path = `categoryList.${index}`;
  return (
    <Card
      size="small"
      role="group"
      aria-label={label}
      title={
        <Flex align="center" gap={4}>
          {handle}
          <Typography.Text strong>{label}</Typography.Text>
        </Flex>
      }
      extra={tools}
      styles={{ body: { paddingTop: 8 } }}
    >
      <Form.Item
        name={[field.name, 'categoryName']}
        label="カテゴリ名"
        required
        rules={rule(`${path}.categoryName`)}
      >
        <Input autoComplete="off" maxLength={100} aria-label={`${label}の名前`} />
      </Form.Item>
      <Form.List name={[field.name, 'itemList']} rules={[schemaListRule(checkListFormSchema, form, `${path}.itemList`)]}>
        {(items, operations, { errors }) => (
          <Flex vertical gap="small">
            <SortableFields
              fields={items}
              idPrefix="item"
              noun="項目"
              labelOf={(itemIndex) => `${label} 項目${itemIndex + 1}`}
              move={operations.move}
              remove={operations.remove}
              disabled={disabled}
              renderRow={(item, itemIndex, parts) => (
                <ItemCard field={item} category={label} path={`${path}.itemList.${itemIndex}`} index={itemIndex} disabled={disabled} {...parts} />
              )}
            />
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <Button
                type="dashed"
                size="small"
                icon={<PlusOutlined />}
                aria-label={`${label}に項目を追加`}
                onClick={() => {
                  operations.add(newItem());
                }}
                style={{ alignSelf: 'flex-start' }}
              >
                項目を追加
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}

interface ItemCardProps extends RowParts {
  field: FormListFieldData;
  category: string;
  path: string;
  index: number;
  disabled: boolean;
}

function ItemCard({ field, category, path, index, handle, tools, disabled }: ItemCardProps) {
  const label = `${category} 項目${index + 1}`;
  return (
    <Card size="small" type="inner" role="group" aria-label={label} styles={{ body: { padding: 12 } }}>
      <Flex justify="space-between" align="center" gap={4} style={{ marginBottom: 8 }}>
        <Flex align="center" gap={4}>
          {handle}
          <Typography.Text type="secondary">項目{index + 1}</Typography.Text>
        </Flex>
        {tools}
      </Flex>
      <Form.Item name={[field.name, 'question']} label="質問" required rules={rule(`${path}.question`)}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} aria-label={`${label}の質問`} />
      </Form.Item>
      <Form.Item name={[field.name, 'explanation']} label="説明" rules={rule(`${path}.explanation`)}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} aria-label={`${label}の説明`} />
      </Form.Item>
      <Form.Item name={[field.name, 'choiceList']} label="選択肢" required rules={rule(`${path}.choiceList`)}>
        <ScaleEditor label={`${label}の選択肢`} disabled={disabled} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item name={[field.name, 'photoRequired']} valuePropName="checked" noStyle>
          <Checkbox>写真必須</Checkbox>
        </Form.Item>
        <Form.Item name={[field.name, 'inapplicableAllowed']} valuePropName="checked" noStyle>
          <Checkbox>該当なしを許可</Checkbox>
        </Form.Item>
      </Flex>
    </Card>
  );
}
