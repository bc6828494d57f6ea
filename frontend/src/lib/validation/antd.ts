import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { firstMessage, textFieldRules, textOf, type TextFieldOptions } from './textField';

/**
 * An antd Form rule that runs the form's zod schema over all current values and reports the
 * first issue on `name`. The same schema validates on submit, so field messages and the
 * submitted values cannot disagree; cross-field rules (password confirmation) work as well.
 */
export function schemaRule(schema: z.ZodType, name: string): FormRule {
  return (form: Pick<FormInstance, 'getFieldsValue'>) => schemaListRule(schema, form, name);
}

/**
 * The same check as a plain validator, for a whole list at `name` ("categoryList.0.itemList"):
 * antd's Form.List takes no function rules.
 */
export function schemaListRule(schema: z.ZodType, form: Pick<FormInstance, 'getFieldsValue'>, name: string) {
  return {
    validator: async () => {
      const result = await schema.safeParseAsync(form.getFieldsValue(true));
      const issue = result.error?.issues.find((candidate) => candidate.path.map(String).join('.') === name);
      if (issue) throw new Error(issue.message);
    },
  };
}

/**
 * An antd Form rule for one text field straight from its rules (textField.ts), for a form that has
 * no zod schema (the sign-in form, which must stay small): the same messages as `textField`.
 */
export function textFieldRule(options: TextFieldOptions): FormRule {
  const { fold, rules } = textFieldRules(options);
  return {
    validator: (_rule, value: unknown) => {
      const message = firstMessage(rules, fold(textOf(value)));
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}
