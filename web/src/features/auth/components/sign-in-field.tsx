import type { ReactNode } from 'react';

/**
 * A labelled field of the sign-in forms with its error below, in plain markup styled like antd's
 * vertical form item (styles.css): the login page is the first page most visitors load, and antd's
 * Form (its field store, validator and label tooltip) would be most of its download. `htmlFor`
 * names the input the label belongs to; a field showing a status rather than an input has none.
 */
export function SignInField({
  label,
  htmlFor,
  error,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="sign-in-field">
      {htmlFor ? (
        <label className="sign-in-field-label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <div className="sign-in-field-label">{label}</div>
      )}
      {children}
      {error && (
        <>
          <div className="sign-in-field-error" role="alert" data-testid="field-error">
            {error}
          </div>
          <div className="sign-in-field-margin-offset" />
        </>
      )}
    </div>
  );
}
