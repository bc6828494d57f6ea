import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import './base.css';
import './controls.css';

// The sign-in card's controls: a screen everyone loads first, so it is drawn without antd (antd's core,
// Form and Input are about 120 kB gzip; docs/benchmarks.md). They look like antd's large controls in
// the app theme, and behave as the parts of them the card used.

/** One of antd's icons, from its SVG definitions (the same drawings @ant-design/icons renders). */
function Icon({ definition }: { definition: IconDefinition }) {
  const { icon } = definition;
  if (typeof icon === 'function') throw new Error(`${definition.name}: two-tone icons are not drawn here`);
  const paths = (icon.children ?? []).map((child: AbstractNode) => child.attrs.d as string);
  return (
    <svg viewBox={icon.attrs.viewBox} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const keepFocus = (event: { preventDefault: () => void }) => {
  event.preventDefault();
};

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'> {
  label: string;
  /** The field's message under it (docs/product/validation.md), or null. */
  error: string | null;
  /** A password: hidden, with a switch to show it. */
  secret?: boolean;
}

/** A labelled text field with its message below, as a vertical antd Form.Item holding a large Input. */
export function TextField({ label, error, secret = false, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [shown, setShown] = useState(false);
  const invalid = error !== null;
  const described = { 'aria-invalid': invalid, 'aria-describedby': invalid ? errorId : undefined };
  return (
    <div className="rd-field">
      <label className="rd-label" htmlFor={id}>
        {label}
      </label>
      {secret ? (
        <span className={invalid ? 'rd-input rd-invalid' : 'rd-input'}>
          <input {...input} {...described} id={id} type={shown ? 'text' : 'password'} />
          <button
            type="button"
            className="rd-input-suffix"
            aria-label={shown ? 'パスワードを隠す' : 'パスワードを表示'}
            aria-pressed={shown}
            disabled={input.disabled}
            // A click keeps the focus (and the caret) in the field, as antd's switch does: else the
            // field would lose it and be checked as if left.
            onMouseDown={keepFocus}
            onMouseUp={keepFocus}
            onClick={() => {
              setShown((was) => !was);
            }}
          >
            <Icon definition={shown ? EyeOutlined : EyeInvisibleOutlined} />
          </button>
        </span>
      ) : (
        <input {...input} {...described} id={id} type="text" className={invalid ? 'rd-input rd-invalid' : 'rd-input'} />
      )}
      {invalid && (
        <div id={errorId} className="rd-field-error">
          {error}
        </div>
      )}
    </div>
  );
}

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  primary?: boolean;
  /** antd's default size (32 px) instead of the large one (40 px). */
  small?: boolean;
  /** Busy with its request: disabled, with a spinner before the label. */
  loading?: boolean;
}

/** A full-width button, as antd's `<Button block size="large">` (or `<Button block>` when small). */
export function Button({ primary = false, small = false, loading = false, disabled, children, type = 'button', ...button }: ButtonProps) {
  const className = ['rd-button', 'rd-block', primary && 'rd-button-primary', small && 'rd-button-small'].filter(Boolean).join(' ');
  return (
    <button
      {...button}
      type={type}
      className={className}
      disabled={disabled === true || loading}
      aria-busy={loading}
    >
      {loading && <span className="rd-spin rd-spin-small" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** An error in the server's words above the form, as antd's `<Alert type="error" showIcon>`. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rd-alert">
      <Icon definition={CloseCircleFilled} />
      <div>{children}</div>
    </div>
  );
}
