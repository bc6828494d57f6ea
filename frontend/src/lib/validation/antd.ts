import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';

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
