import {
  DEFAULT_PROJECT_STATUS,
  PROJECT_STATUSES,
  PROJECT_YEAR_MAX,
  PROJECT_YEAR_MIN,
} from '../../../../core/constants';
import { Field, SelectField, type ValueProps } from '../../../ui/field';

export interface ProjectBasicsValues {
  title: string;
  year: string;
  location: string;
  category: string;
  /** Empty only where the status may be left unset (the hero form): the server's default applies. */
  status: string;
}

type BasicsField = keyof ProjectBasicsValues;

/**
 * The fields every project form starts with (SPEC section 5): title, year and location, category and status.
 * The main form and the hero banner's form are two variants of it: their categories differ, and the hero form
 * may leave the status unset.
 */
export function ProjectBasics({
  idPrefix,
  field,
  errors,
  categories,
  categoryPlaceholder,
  optionalStatus = false,
}: {
  idPrefix: string;
  /** The form's spread for each field (`useFormValues().field`). */
  field: (name: BasicsField) => ValueProps;
  errors: Partial<Record<BasicsField, string>>;
  categories: readonly string[];
  categoryPlaceholder: string;
  optionalStatus?: boolean;
}) {
  const text = (name: 'title' | 'year' | 'location', label: string) => (
    <Field idPrefix={idPrefix} name={name} label={label} error={errors[name]} required>
      {(props) => (
        <input
          {...props}
          {...(name === 'year'
            ? { type: 'number', inputMode: 'numeric', min: PROJECT_YEAR_MIN, max: PROJECT_YEAR_MAX, step: 1 }
            : { type: 'text', autoComplete: 'off' })}
          {...field(name)}
        />
      )}
    </Field>
  );
  return (
    <>
      {text('title', 'Title')}
      <div className="dashboard-form__row">
        {text('year', 'Year')}
        {text('location', 'Location')}
      </div>
      <div className="dashboard-form__row">
        <SelectField
          idPrefix={idPrefix}
          name="category"
          label="Category"
          required
          error={errors.category}
          options={categories}
          placeholder={categoryPlaceholder}
          {...field('category')}
        />
        <SelectField
          idPrefix={idPrefix}
          name="status"
          label={optionalStatus ? 'Status (optional)' : 'Status'}
          required={!optionalStatus}
          error={errors.status}
          hint="How far the work has come, shown on the project’s page."
          options={PROJECT_STATUSES}
          placeholder={optionalStatus ? `Not set (${DEFAULT_PROJECT_STATUS})` : undefined}
          {...field('status')}
        />
      </div>
    </>
  );
}
