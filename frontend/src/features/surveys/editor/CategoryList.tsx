import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Form, Input, Select, Space, Tag, Typography, type FormListFieldData } from 'antd';
import type { ReactNode } from 'react';
import { SortableList, SortableRow } from '@/features/checks/editor/Sortable';
import { DeleteButton } from '@/features/masters/common/DeleteButton';
import { schemaRule } from '@/lib/validation/antd';
import { ChoicesField } from './ChoicesField';
import {
  ATTRIBUTE_QUESTION_TYPES,
  FIXED_CATEGORY_COUNT,
  hasChoices,
  newCategory,
  newQuestion,
  NORMAL_QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
} from './model';
import { surveyFormSchema } from './schema';
import type { CategoryType, QuestionType } from './types';

// The categories of a survey and their questions. The first three (おすすめ度, お客様情報,
// メールアドレス) are fixed in place; further categories are added, removed and reordered by
// dragging a handle or with the up/down buttons, and so are the questions inside a category.

const rule = (path: string) => [schemaRule(surveyFormSchema, path)];

function listRule(form: ReturnType<typeof Form.useFormInstance>, path: string) {
  return {
    validator: async () => {
      const result = await surveyFormSchema.safeParseAsync(form.getFieldsValue(true));
      const issue = result.error?.issues.find((candidate) => candidate.path.map(String).join('.') === path);
      if (issue) throw new Error(issue.message);
    },
  };
}

const FIXED_TAGS: Partial<Record<CategoryType, string>> = { NPS: 'おすすめ度', ATTRIBUTE: 'お客様情報', MAIL: 'メール' };

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
      {(fields, { add, remove, move }, { errors }) => {
        const fixed = fields.slice(0, FIXED_CATEGORY_COUNT);
        const further = fields.slice(FIXED_CATEGORY_COUNT);
        /** Moves among the further categories (their indexes start after the fixed ones). */
        const moveFurther = (from: number, to: number) => {
          move(from + FIXED_CATEGORY_COUNT, to + FIXED_CATEGORY_COUNT);
        };
        return (
          <Flex vertical gap="middle">
            {fixed.map((field, index) => (
              <CategoryCard key={field.key} field={field} index={index} disabled={disabled} />
            ))}
            <SortableList ids={further.map((field) => `category-${field.key}`)} noun="カテゴリ" onMove={moveFurther}>
              {further.map((field, offset) => {
                const index = offset + FIXED_CATEGORY_COUNT;
                const label = `カテゴリ${index + 1}`;
                return (
                  <SortableRow
                    key={field.key}
                    id={`category-${field.key}`}
                    handleLabel={`${label}をドラッグして並べ替え`}
                    disabled={disabled}
                  >
                    {(handle) => (
                      <CategoryCard
                        field={field}
                        index={index}
                        disabled={disabled}
                        handle={handle}
                        tools={
                          <Space size={4}>
                            <MoveButtons label={label} index={offset} count={further.length} disabled={disabled} move={moveFurther} />
                            {!disabled && (
                              <DeleteButton
                                size="small"
                                label={`${label}を削除`}
                                description="カテゴリとその質問を削除します。"
                                onConfirm={async () => {
                                  remove(index);
                                  await Promise.resolve();
                                }}
                              />
                            )}
                          </Space>
                        }
                      />
                    )}
                  </SortableRow>
                );
              })}
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
        );
      }}
    </Form.List>
  );
}

interface CategoryCardProps {
  field: FormListFieldData;
  index: number;
  disabled: boolean;
  handle?: ReactNode;
  tools?: ReactNode;
}

function CategoryCard({ field, index, disabled, handle, tools }: CategoryCardProps) {
  const form = Form.useFormInstance();
  const label = `カテゴリ${index + 1}`;
  const path = `categoryList.${index}`;
  const type = Form.useWatch(['categoryList', field.name, 'categoryType'], { form, preserve: true }) as CategoryType | undefined;
  /** NPS and MAIL hold exactly their one question; ATTRIBUTE and NORMAL take more. */
  const single = type === 'NPS' || type === 'MAIL';
  const types = type === 'ATTRIBUTE' ? ATTRIBUTE_QUESTION_TYPES : type === 'NORMAL' ? NORMAL_QUESTION_TYPES : [];
  const fixedTag = type ? FIXED_TAGS[type] : undefined;
  return (
    <Card
      size="small"
      role="group"
      aria-label={label}
      title={
        <Flex align="center" gap={4}>
          {handle}
          <Typography.Text strong>{label}</Typography.Text>
          {fixedTag && <Tag>{fixedTag}(固定)</Tag>}
        </Flex>
      }
      extra={tools}
      styles={{ body: { paddingTop: 8 } }}
    >
      <Form.Item name={[field.name, 'categoryName']} label="カテゴリ名" required rules={rule(`${path}.categoryName`)}>
        <Input autoComplete="off" maxLength={100} aria-label={`${label}の名前`} />
      </Form.Item>
      <Form.List name={[field.name, 'questionList']} rules={[listRule(form, `${path}.questionList`)]}>
        {(questions, operations, { errors }) => (
          <Flex vertical gap="small">
            <SortableList ids={questions.map((question) => `question-${question.key}`)} noun="質問" onMove={operations.move}>
              {questions.map((question, questionIndex) => (
                <SortableRow
                  key={question.key}
                  id={`question-${question.key}`}
                  handleLabel={`${label} 質問${questionIndex + 1}をドラッグして並べ替え`}
                  disabled={disabled || single}
                >
                  {(questionHandle) => (
                    <QuestionCard
                      field={question}
                      categoryField={field}
                      category={label}
                      path={`${path}.questionList.${questionIndex}`}
                      index={questionIndex}
                      count={questions.length}
                      handle={single ? undefined : questionHandle}
                      types={types}
                      fixed={single}
                      disabled={disabled}
                      move={operations.move}
                      remove={operations.remove}
                    />
                  )}
                </SortableRow>
              ))}
            </SortableList>
            <Form.ErrorList errors={errors} />
            {!disabled && !single && (
              <Button
                type="dashed"
                size="small"
                icon={<PlusOutlined />}
                aria-label={`${label}に質問を追加`}
                onClick={() => {
                  operations.add(newQuestion());
                }}
                style={{ alignSelf: 'flex-start' }}
              >
                質問を追加
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}

interface QuestionCardProps {
  field: FormListFieldData;
  categoryField: FormListFieldData;
  category: string;
  path: string;
  index: number;
  count: number;
  handle: ReactNode;
  /** The types this question may take (empty: its type is fixed). */
  types: readonly QuestionType[];
  /** The one question of NPS or MAIL: only its text changes. */
  fixed: boolean;
  disabled: boolean;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}

function QuestionCard({ field, categoryField, category, path, index, count, handle, types, fixed, disabled, move, remove }: QuestionCardProps) {
  const form = Form.useFormInstance();
  const label = `${category} 質問${index + 1}`;
  const type = Form.useWatch(
    ['categoryList', categoryField.name, 'questionList', field.name, 'questionType'],
    { form, preserve: true },
  ) as QuestionType | undefined;
  return (
    <Card size="small" type="inner" role="group" aria-label={label} styles={{ body: { padding: 12 } }}>
      <Flex justify="space-between" align="center" gap={4} style={{ marginBottom: 8 }} wrap>
        <Flex align="center" gap={4}>
          {handle}
          <Typography.Text type="secondary">質問{index + 1}</Typography.Text>
          {fixed && type && <Tag>{QUESTION_TYPE_LABELS[type]}</Tag>}
        </Flex>
        {!fixed && (
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
        )}
      </Flex>
      {!fixed && (
        <Form.Item name={[field.name, 'questionType']} label="種類" required>
          <Select
            aria-label={`${label}の種類`}
            options={types.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }))}
            style={{ maxWidth: 240 }}
          />
        </Form.Item>
      )}
      <Form.Item name={[field.name, 'text']} label="質問文" required rules={rule(`${path}.text`)}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} aria-label={`${label}の質問文`} />
      </Form.Item>
      {hasChoices(type) && (
        <Form.Item
          name={[field.name, 'choiceList']}
          label="選択肢"
          required
          rules={rule(`${path}.choiceList`)}
          tooltip="1行に1つずつ入力します(2〜20個)"
        >
          <ChoicesField label={`${label}の選択肢`} disabled={disabled} />
        </Form.Item>
      )}
      {!fixed && (
        <Form.Item name={[field.name, 'required']} valuePropName="checked" noStyle>
          <Checkbox aria-label={`${label}を必須にする`}>回答必須</Checkbox>
        </Form.Item>
      )}
      {fixed && type === 'NPS' && <Typography.Text type="secondary">0〜10で回答します(必須)。</Typography.Text>}
      {fixed && type === 'MAIL' && (
        <Typography.Text type="secondary">任意入力です。同意があった場合のみ保存されます。</Typography.Text>
      )}
    </Card>
  );
}
