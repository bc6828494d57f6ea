import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Form, Input, Space, Typography, type FormListFieldData } from 'antd';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { schemaRule } from '@/lib/validation/antd';
import { newCategory, newItem } from './model';
import { ScaleEditor } from './ScaleEditor';
import { checkListFormSchema } from './schema';
import { SortableList, SortableRow } from './Sortable';

// The categories of a check list and their items, edited in place: names, questions, scales and
// flags; added, removed, and reordered by dragging a handle or with the up/down buttons.

/** The zod check of one field at `path` ("categoryList.0.itemList.1.question"). */
const rule = (path: string) => [schemaRule(checkListFormSchema, path)];

/** The same check for a whole list (Form.List takes only plain validators). */
function listRule(form: ReturnType<typeof Form.useFormInstance>, path: string) {
  return {
    validator: async () => {
      const result = await checkListFormSchema.safeParseAsync(form.getFieldsValue(true));
      const issue = result.error?.issues.find((candidate) => candidate.path.map(String).join('.') === path);
      if (issue) throw new Error(issue.message);
    },
  };
}

interface MoveButtonsProps {
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  move: (from: number, to: number) => void;
}

/** Up and down, for keyboard users and anyone who would rather not drag. */
function MoveButtons({ label, index, count, disabled, move }: MoveButtonsProps) {
  return (
    <>
      <Button
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`${label}を上へ移動`}
        title="上へ移動"
        disabled={disabled || index === 0}
        onClick={() => {
          move(index, index - 1);
        }}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`${label}を下へ移動`}
        title="下へ移動"
        disabled={disabled || index === count - 1}
        onClick={() => {
          move(index, index + 1);
        }}
      />
    </>
  );
}

export function CategoryList({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  return (
    <Form.List name="categoryList" rules={[listRule(form, 'categoryList')]}>
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap="middle">
          <SortableList ids={fields.map((field) => `category-${field.key}`)} noun="カテゴリ" onMove={move}>
            {fields.map((field, index) => (
              <SortableRow
                key={field.key}
                id={`category-${field.key}`}
                handleLabel={`カテゴリ${index + 1}をドラッグして並べ替え`}
                disabled={disabled}
              >
                {(handle) => (
                  <CategoryCard
                    field={field}
                    index={index}
                    count={fields.length}
                    handle={handle}
                    disabled={disabled}
                    move={move}
                    remove={remove}
                  />
                )}
              </SortableRow>
            ))}
          </SortableList>
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

interface CategoryCardProps {
  field: FormListFieldData;
  index: number;
  count: number;
  handle: React.ReactNode;
  disabled: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

function CategoryCard({ field, index, count, handle, disabled, move, remove }: CategoryCardProps) {
  const form = Form.useFormInstance();
  const label = `カテゴリ${index + 1}`;
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
      extra={
        <Space size={4}>
          <MoveButtons label={label} index={index} count={count} disabled={disabled} move={move} />
          {!disabled && (
            <DeleteButton
              size="small"
              label={`${label}を削除`}
              description="カテゴリとその項目を削除します。"
              onConfirm={async () => {
                remove(index);
                await Promise.resolve();
              }}
            />
          )}
        </Space>
      }
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
      <Form.List name={[field.name, 'itemList']} rules={[listRule(form, `${path}.itemList`)]}>
        {(items, operations, { errors }) => (
          <Flex vertical gap="small">
            <SortableList ids={items.map((item) => `item-${item.key}`)} noun="項目" onMove={operations.move}>
              {items.map((item, itemIndex) => (
                <SortableRow
                  key={item.key}
                  id={`item-${item.key}`}
                  handleLabel={`${label} 項目${itemIndex + 1}をドラッグして並べ替え`}
                  disabled={disabled}
                >
                  {(itemHandle) => (
                    <ItemCard
                      field={item}
                      category={label}
                      path={`${path}.itemList.${itemIndex}`}
                      index={itemIndex}
                      count={items.length}
                      handle={itemHandle}
                      disabled={disabled}
                      move={operations.move}
                      remove={operations.remove}
                    />
                  )}
                </SortableRow>
              ))}
            </SortableList>
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

interface ItemCardProps {
  field: FormListFieldData;
  category: string;
  path: string;
  index: number;
  count: number;
  handle: React.ReactNode;
  disabled: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

function ItemCard({ field, category, path, index, count, handle, disabled, move, remove }: ItemCardProps) {
  const label = `${category} 項目${index + 1}`;
  return (
    <Card size="small" type="inner" role="group" aria-label={label} styles={{ body: { padding: 12 } }}>
      <Flex justify="space-between" align="center" gap={4} style={{ marginBottom: 8 }}>
        <Flex align="center" gap={4}>
          {handle}
          <Typography.Text type="secondary">項目{index + 1}</Typography.Text>
        </Flex>
        <Space size={4}>
          <MoveButtons label={label} index={index} count={count} disabled={disabled} move={move} />
          {!disabled && (
            <DeleteButton
              size="small"
              label={`${label}を削除`}
              onConfirm={async () => {
                remove(index);
                await Promise.resolve();
              }}
            />
          )}
        </Space>
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
