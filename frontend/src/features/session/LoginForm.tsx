import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button, TextField } from '@/app/plain/controls';
import { API_MESSAGES } from '@/lib/api/messages';
import { firstMessage, textFieldRules } from '@/lib/validation/textField';
import { login, type UniqueRange } from './api';
import { LOGIN_FIELDS as FIELDS, loginRequest } from './loginFields';
import { sessionKeys } from './queries';
import { completeSignIn } from './session';

interface Props {
  uniqueRange: UniqueRange;
  /** The message to show in the card's alert; null clears it. */
  onError: (message: string | null) => void;
}

type Name = keyof typeof FIELDS;
type Values = Record<Name, string>;
type Errors = Partial<Record<Name, string>>;

/** The field's message for `value` (docs/product/validation.md), or undefined. */
function check(name: Name, value: string): string | undefined {
  const { fold, rules } = textFieldRules(FIELDS[name]);
  return firstMessage(rules, fold(value)) ?? undefined;
}

/**
 * The password step of the login card. A field is checked when it loses focus (and again as it is
 * corrected), all of them on submit; the first field in error then takes the focus.
 */
export function LoginForm({ uniqueRange, onError }: Props) {
  const queryClient = useQueryClient();
  const names: Name[] = uniqueRange === 'ORGANIZATION' ? ['organizationId', 'userAccount', 'password'] : ['userAccount', 'password'];
  const [values, setValues] = useState<Values>({ organizationId: '', userAccount: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    for (const name of names) {
      const message = check(name, values[name]);
      if (message !== undefined) found[name] = message;
    }
    setErrors(found);
    const firstInvalid = names.find((name) => found[name] !== undefined);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await login(loginRequest(values, uniqueRange));
      if (!outcome.ok) {
        onError(outcome.failure.message);
        return;
      }
      onError(null);
      if (outcome.data.mfaRequired) queryClient.setQueryData(sessionKeys.mfaRequired, true);
      else await completeSignIn(queryClient);
    } catch (error) {
      // Signed in, but the user could not be read (connection lost in between).
      onError(error instanceof Error ? error.message : API_MESSAGES.noResponse);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Name) => ({
    name,
    label: FIELDS[name].label,
    value: values[name],
    error: errors[name] ?? null,
    disabled: submitting,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((was) => ({ ...was, [name]: value }));
      if (errors[name] !== undefined) setErrors((was) => ({ ...was, [name]: check(name, value) }));
    },
    onBlur: () => {
      setErrors((was) => ({ ...was, [name]: check(name, values[name]) }));
    },
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {uniqueRange === 'ORGANIZATION' && <TextField {...field('organizationId')} inputMode="numeric" autoComplete="organization" />}
      <TextField {...field('userAccount')} autoComplete="username" />
      <TextField {...field('password')} secret autoComplete="current-password" />
      <Button type="submit" primary loading={submitting}>
        ログイン
      </Button>
    </form>
  );
}
