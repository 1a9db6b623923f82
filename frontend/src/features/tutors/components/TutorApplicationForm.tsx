import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Select, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage, fieldErrors } from '@/api/api-error';
import type { Catalogue } from '@/api/generated/model';
import { submitTutorApplication } from '@/api/generated/tutors/tutors';
import { ErrorBanner } from '@/components/ErrorBanner';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';
import {
  addSubject,
  emptyApplication,
  toSubmitBody,
  validateApplication,
  type ApplicationErrors,
  type ApplicationValues,
  type TextField,
} from '../lib/application-form';
import { useFormFeedback } from '@/hooks/use-form-feedback';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    [media.wide]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  wide: { [media.wide]: { gridColumn: '1 / -1' } },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  submit: { minWidth: '160px', [media.narrow]: { flexGrow: 1 } },
});

interface Props {
  userId: string;
  catalogue: Catalogue | undefined;
  onSubmitted: () => void;
}

/** The tutor application form (spec §3): every field required, avatar at most 5 MB. */
export function TutorApplicationForm({ userId, catalogue, onSubmitted }: Props) {
  const styles = useStyles();
  const { formRef, revealAfter } = useFormFeedback();
  const a = t.tutors.application;
  const [values, setValues] = useState<ApplicationValues>(emptyApplication);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: TextField, value: string) => {
    setValues({ ...values, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };
  const fieldProps = (field: TextField | 'avatar') => ({
    validationState: errors[field] ? ('error' as const) : ('none' as const),
    validationMessage: errors[field],
    required: true,
  });
  const text = (
    field: TextField,
    label: string,
    extra: { placeholder?: string; inputMode?: 'numeric' | 'decimal' | 'tel' } = {},
  ) => (
    <Field label={label} {...fieldProps(field)}>
      <Input value={values[field]} onChange={(_, data) => set(field, data.value)} {...extra} />
    </Field>
  );
  const long = (field: TextField, label: string) => (
    <Field label={label} className={styles.wide} {...fieldProps(field)}>
      <Textarea value={values[field]} rows={3} resize="vertical" onChange={(_, data) => set(field, data.value)} />
    </Field>
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateApplication(values, avatar);
    setErrors(found);
    if (Object.keys(found).length > 0 || !avatar) return;
    setSubmitting(true);
    try {
      await submitTutorApplication(userId, toSubmitBody(values, avatar));
      onSubmitted();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      setFailure(errorMessage(error, a.failed));
    } finally {
      setSubmitting(false);
    }
  };

  const suggestions = (catalogue?.levels ?? []).filter((level) => !level.freeTextSubject);
  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(onSubmit)} noValidate aria-label={a.title}>
      {failure && <ErrorBanner message={failure} />}
      <div className={styles.grid}>
        {text('name', a.name)}
        {text('contactNumber', a.contactNumber, { inputMode: 'tel' })}
        {text('education', a.education, { placeholder: a.educationPlaceholder })}
        {text('age', a.age, { inputMode: 'numeric' })}
        {text('teachingExperience', a.teachingExperience, { inputMode: 'numeric' })}
        {text('requiredFee', a.requiredFee, { inputMode: 'decimal' })}
        <Field label={a.subjects} hint={a.subjectsHint} className={styles.wide} {...fieldProps('subjects')}>
          <Input value={values.subjects} onChange={(_, data) => set('subjects', data.value)} />
        </Field>
        <Field label={a.addSubject} className={styles.wide}>
          <Select
            value=""
            onChange={(_, data) => data.value && set('subjects', addSubject(values.subjects, data.value))}
          >
            <option value="">{a.addSubjectPlaceholder}</option>
            {suggestions.map((level) => (
              <optgroup key={level.key} label={level.label}>
                {level.subjects.map((subject) => (
                  <option key={subject} value={`${level.label} ${subject}`}>{`${level.label} ${subject}`}</option>
                ))}
              </optgroup>
            ))}
          </Select>
        </Field>
        <Field label={a.teachingArea} {...fieldProps('teachingArea')}>
          <Select value={values.teachingArea} onChange={(_, data) => set('teachingArea', data.value)}>
            <option value="">{a.chooseArea}</option>
            {(catalogue?.regions ?? []).flatMap((region) =>
              region.districts.map((district) => (
                <optgroup key={district.name} label={a.districtGroup(region.name, district.name)}>
                  {district.areas.map((area) => (
                    <option key={area} value={area}>
                      {area}
                    </option>
                  ))}
                </optgroup>
              )),
            )}
          </Select>
        </Field>
        <Field label={a.teachingMode} {...fieldProps('teachingMode')}>
          <Select value={values.teachingMode} onChange={(_, data) => set('teachingMode', data.value)}>
            <option value="">{a.chooseMode}</option>
            {(catalogue?.teachingModes ?? []).map((mode) => (
              <option key={mode.key} value={mode.key}>
                {mode.label}
              </option>
            ))}
          </Select>
        </Field>
        {text('teachingSchedule', a.teachingSchedule, { placeholder: a.teachingSchedulePlaceholder })}
        {long('examResults', a.examResults)}
        {long('courseFeatures', a.courseFeatures)}
        {long('bio', a.bio)}
        <Field label={a.avatar} hint={a.avatarHint} className={styles.wide} {...fieldProps('avatar')}>
          <input
            type="file"
            aria-label={a.avatar}
            accept="image/jpeg,image/png,image/webp"
            onChange={(event) => {
              setAvatar(event.target.files?.[0] ?? null);
              setErrors({ ...errors, avatar: undefined });
            }}
          />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          className={styles.submit}
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {submitting ? a.submitting : a.submit}
        </Button>
      </div>
    </form>
  );
}
