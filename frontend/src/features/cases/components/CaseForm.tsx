import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, Select, Spinner, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import {
  CASE_SESSION_MINUTES_MAX,
  CASE_SESSION_MINUTES_MIN,
  CASE_SESSIONS_PER_WEEK_MAX,
  CASE_SESSIONS_PER_WEEK_MIN,
} from '@/api/form-limits';
import type { Catalogue } from '@/api/generated/model';
import { FeeGuide } from '@/components/FeeGuide';
import { perHour } from '@/lib/fee-guide';
import { MultiSelect } from '@/components/MultiSelect';
import { plainOptions } from '@/components/FilterSelect';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { useLiveErrors } from '@/hooks/use-live-errors';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { areasOf, findLevel, findRegion } from '@/lib/catalogue';
import { hongKongToday } from '@/lib/form-rules';
import { media } from '@/styles/breakpoints';
import {
  type CaseFormErrors,
  type CaseFormField,
  type CaseFormState,
  changeField,
  checkCaseForm,
} from '../lib/case-form';
import { DateSelect } from '@/components/DateSelect';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    gridTemplateColumns: '1fr',
    [media.wide]: { gridTemplateColumns: '1fr 1fr', columnGap: tokens.spacingHorizontalL },
  },
  wide: { [media.wide]: { gridColumn: '1 / -1' } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
});

interface CaseFormProps {
  catalogue: Catalogue;
  initial: CaseFormState;
  /** Only tutors may post tutor-seeking-student cases (spec §5). */
  canSeekStudents: boolean;
  submitLabel: string;
  submitting: boolean;
  /** Field errors from the server, shown under their fields. */
  serverErrors: CaseFormErrors;
  onSubmit: (state: CaseFormState) => void;
}

/** Every field of the case form (spec §2 plus a grade): level -> grade -> subjects, region -> place. */
export function CaseForm({
  catalogue,
  initial,
  canSeekStudents,
  submitLabel,
  submitting,
  serverErrors,
  onSubmit,
}: CaseFormProps) {
  const styles = useStyles();
  const text = t.cases.form;
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<CaseFormErrors>({});
  const { formRef, reveal } = useFormFeedback();
  // The server's field errors arrive as a new object after a refused save: show the first.
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) reveal();
  }, [serverErrors, reveal]);
  const level = findLevel(catalogue, state.level);
  const region = findRegion(catalogue, state.region);
  const set = (field: CaseFormField) => (value: string | string[]) => {
    setState((s) => changeField(s, field, value));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  // Every rule the server has, as the person types: the start date from Hong Kong's today on, or
  // the date an edited case already has.
  const today = hongKongToday();
  const rules = { today, keptStartDate: initial.startDate };
  const live = useLiveErrors<CaseFormField>((mode) => checkCaseForm(state, { ...rules, mode }));
  const message = (field: CaseFormField) => errors[field] ?? live.message(field) ?? serverErrors[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCaseForm(state, rules);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(state);
    else reveal();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={submitting}>
      <div className={styles.grid}>
        <Field
          label={text.postType}
          required
          validationMessage={message('postType')}
          hint={canSeekStudents ? undefined : text.tutorsOnlyHint}
        >
          <Select value={state.postType} onChange={(_, d) => set('postType')(d.value)}>
            {catalogue.postTypes.map((p) => (
              <option key={p.key} value={p.key} disabled={p.key === 'tutor-seeking-student' && !canSeekStudents}>
                {text.postTypes[p.key] ?? catalogueName(p.label)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={text.postTitle} required validationMessage={message('postTitle')}>
          <Input
            value={state.postTitle}
            placeholder={text.postTitlePlaceholder}
            onChange={(_, d) => set('postTitle')(d.value)}
            onBlur={live.leave('postTitle')}
          />
        </Field>
        <Field label={text.level} required validationMessage={message('level')}>
          <Select value={state.level} onChange={(_, d) => set('level')(d.value)}>
            <option value="">{text.choose}</option>
            {catalogue.levels.map((l) => (
              <option key={l.key} value={l.key}>
                {catalogueName(l.label)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={text.grade}
          required
          validationMessage={message('grade')}
          hint={level ? undefined : text.chooseLevelFirst}
        >
          <Select value={state.grade} disabled={!level} onChange={(_, d) => set('grade')(d.value)}>
            <option value="">{text.choose}</option>
            {(level?.grades ?? []).map((g) => (
              <option key={g} value={g}>
                {catalogueName(g)}
              </option>
            ))}
          </Select>
        </Field>
        {level?.freeTextSubject ? (
          <Field label={text.subjectFreeText} required validationMessage={message('subjects')} className={styles.wide}>
            <Input
              value={state.subjects[0] ?? ''}
              placeholder={text.subjectFreeTextPlaceholder}
              onChange={(_, d) => set('subjects')([d.value])}
              onBlur={live.leave('subjects')}
            />
          </Field>
        ) : (
          <MultiSelect
            label={text.subjects}
            required
            validationMessage={message('subjects')}
            className={styles.wide}
            options={plainOptions(level?.subjects ?? [])}
            selected={state.subjects}
            onChange={set('subjects')}
            placeholder={level ? text.choose : text.chooseLevelFirst}
            disabled={!level}
          />
        )}
        <Field label={text.region} required>
          <Select value={state.region} onChange={(_, d) => set('region')(d.value)}>
            <option value="">{text.choose}</option>
            {catalogue.regions.map((r) => (
              <option key={r.name} value={r.name}>
                {catalogueName(r.name)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={text.location}
          required
          validationMessage={message('location')}
          hint={region ? text.locationHint : text.chooseRegionFirst}
        >
          <Select value={state.location} disabled={!region} onChange={(_, d) => set('location')(d.value)}>
            <option value="">{text.choose}</option>
            {areasOf(region).map((area) => (
              <option key={area} value={area}>
                {catalogueName(area)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={text.rate}
          required
          validationMessage={message('rate')}
          hint={
            <FeeGuide
              sample={{ level: state.level, grade: state.grade, subject: state.subjects[0], region: state.region }}
              hourly={perHour(Number(state.rate), Number(state.sessionLength))}
              audience="parent"
            />
          }
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            value={state.rate}
            onChange={(_, d) => set('rate')(d.value)}
            onBlur={live.leave('rate')}
          />
        </Field>
        <Field label={text.sessionLength} required validationMessage={message('sessionLength')}>
          <Input
            type="number"
            inputMode="numeric"
            min={CASE_SESSION_MINUTES_MIN}
            max={CASE_SESSION_MINUTES_MAX}
            step={15}
            value={state.sessionLength}
            onChange={(_, d) => set('sessionLength')(d.value)}
            onBlur={live.leave('sessionLength')}
          />
        </Field>
        <Field label={text.sessionsPerWeek} required validationMessage={message('sessionsPerWeek')}>
          <Input
            type="number"
            inputMode="numeric"
            min={CASE_SESSIONS_PER_WEEK_MIN}
            max={CASE_SESSIONS_PER_WEEK_MAX}
            value={state.sessionsPerWeek}
            onChange={(_, d) => set('sessionsPerWeek')(d.value)}
            onBlur={live.leave('sessionsPerWeek')}
          />
        </Field>
        <Field label={text.preferredGender} required validationMessage={message('preferredGender')}>
          <Select value={state.preferredGender} onChange={(_, d) => set('preferredGender')(d.value)}>
            {catalogue.genders.map((g) => (
              <option key={g.key} value={g.key}>
                {text.genders[g.key] ?? catalogueName(g.label)}
              </option>
            ))}
          </Select>
        </Field>
        <DateSelect
          label={text.startDate}
          required
          value={state.startDate}
          onChange={set('startDate')}
          validationMessage={message('startDate')}
        />
        <Field label={text.description} required validationMessage={message('description')} className={styles.wide}>
          <Textarea
            rows={4}
            value={state.description}
            placeholder={text.descriptionPlaceholder}
            onChange={(_, d) => set('description')(d.value)}
            onBlur={live.leave('description')}
          />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          disabled={submitting}
          icon={submitting ? <Spinner size="tiny" /> : undefined}
        >
          {submitting ? text.submitting : submitLabel}
        </Button>
      </div>
    </form>
  );
}
