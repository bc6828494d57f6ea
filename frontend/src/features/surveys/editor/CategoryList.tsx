import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Form, Input, Select, Tag, Typography, type FormListFieldData } from 'antd';
import { SortableFields, type RowParts } from '@/shared/sortable/SortableFields';
import { schemaListRule, schemaRule } from '@/lib/validation/antd';
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

const FIXED_TAGS: Partial<Record<CategoryType, string>> = { NPS: 'おすすめ度', ATTRIBUTE: 'お客様情報', MAIL: 'メール' };

export function CategoryList({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  return (
    <Form.List name="categoryList" rules={[schemaListRule(surveyFormSchema, form, 'categoryList')]}>
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
            <SortableFields
              fields={further}
              idPrefix="category"
              noun="カテゴリ"
              labelOf={(offset) => `カテゴリ${offset + FIXED_CATEGORY_COUNT + 1}`}
              move={moveFurther}
              remove={(offset) => {
                remove(offset + FIXED_CATEGORY_COUNT);
              }}
              deleteDescription="カテゴリとその質問を削除します。"
              disabled={disabled}
              renderRow={(field, offset, parts) => (
                <CategoryCard field={field} index={offset + FIXED_CATEGORY_COUNT} disabled={disabled} {...parts} />
              )}
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
        );
      }}
    </Form.List>
  );
}

interface CategoryCardProps extends Partial<RowParts> {
  field: FormListFieldData;
  index: number;
  disabled: boolean;
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
      <Form.List name={[field.name, 'questionList']} rules={[schemaListRule(surveyFormSchema, form, `${path}.questionList`)]}>
        {(questions, operations, { errors }) => (
          <Flex vertical gap="small">
            <SortableFields
              fields={questions}
              idPrefix="question"
              noun="質問"
              labelOf={(questionIndex) => `${label} 質問${questionIndex + 1}`}
              move={operations.move}
              remove={operations.remove}
              disabled={disabled}
              locked={single}
              renderRow={(question, questionIndex, parts) => (
                <QuestionCard
                  field={question}
                  categoryField={field}
                  category={label}
                  path={`${path}.questionList.${questionIndex}`}
                  index={questionIndex}
                  types={types}
                  fixed={single}
                  disabled={disabled}
                  {...parts}
                />
              )}
            />
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

interface QuestionCardProps extends RowParts {
  field: FormListFieldData;
  categoryField: FormListFieldData;
  category: string;
  path: string;
  index: number;
  /** The types this question may take (empty: its type is fixed). */
  types: readonly QuestionType[];
  /** The one question of NPS or MAIL: only its text changes. */
  fixed: boolean;
  disabled: boolean;
}

function QuestionCard({ field, categoryField, category, path, index, handle, tools, types, fixed, disabled }: QuestionCardProps) {
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
        {tools}
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
