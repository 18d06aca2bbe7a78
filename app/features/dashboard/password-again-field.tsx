import { Field } from '../../ui/field';

/** The password typed again before a change that an open session alone must not make (server: verifyCurrentPassword). */
export function PasswordAgainField({
  idPrefix,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  value: string;
  onChange: (password: string) => void;
  error: string | undefined;
}) {
  return (
    <Field idPrefix={idPrefix} name="password" label="Your password" error={error} required>
      {(props) => (
        <input
          {...props}
          type="password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
