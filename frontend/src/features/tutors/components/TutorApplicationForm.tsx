import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Select, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { bannerError, fieldErrors } from '@/api/api-error';
import { TutorGender, type Catalogue } from '@/api/generated/model';
import { useSubmitTutorApplication } from '@/api/generated/tutors/tutors';
import { AvatarPicker } from '@/components/AvatarPicker';
import { ChipGroup, ChipRow } from '@/components/ChipGroup';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FeeGuide } from '@/components/FeeGuide';
import { ToggleChip } from '@/components/ToggleChip';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { useLiveErrors } from '@/hooks/use-live-errors';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { perHour } from '@/lib/fee-guide';
import { media } from '@/styles/breakpoints';
import {
  applicationServerErrors,
  feeSample,
  prefilledApplication,
  toggleItem,
  toSubmitBody,
  validateApplication,
  type ApplicationErrors,
  type ApplicationValues,
  type ListField,
  type TextField,
} from '../lib/application-form';
import { DistrictPicker } from './DistrictPicker';
import { SubjectPicker } from './SubjectPicker';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  grid: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    [media.wide]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    gap: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
  },
  wide: { [media.wide]: { gridColumn: '1 / -1' } },
  note: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  submit: { minWidth: '160px', minHeight: '44px', [media.narrow]: { flexGrow: 1 } },
});

interface Props {
  userId: string;
  /** The signed-in account: its name and phone fill the form's first two fields. */
  account: { name: string; phone: string } | undefined;
  catalogue: Catalogue | undefined;
  onSubmitted: () => void;
}

/**
 * The tutor application form (spec §3), quick on a phone: name and phone come from the
 * account, subjects, teaching modes and districts are tapped as chips, the avatar shows as
 * it will look. Required: every text field, a subject, a mode and an avatar of at most 5 MB.
 */
export function TutorApplicationForm({ userId, account, catalogue, onSubmitted }: Props) {
  const styles = useStyles();
  const { formRef, revealAfter } = useFormFeedback();
  const a = t.tutors.application;
  const [values, setValues] = useState<ApplicationValues>(() => prefilledApplication(account));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const apply = useSubmitTutorApplication(userId);

  const set = <F extends TextField | ListField | 'gender'>(field: F, value: ApplicationValues[F]) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };
  // The server's rules as the person types (ages, years and fees within range, no contact details
  // in what the profile shows), each under its field.
  const live = useLiveErrors<keyof ApplicationErrors>((mode) => validateApplication(values, avatar, mode));
  const fieldProps = (field: TextField) => {
    const message = errors[field] ?? live.message(field);
    return {
      validationState: message ? ('error' as const) : ('none' as const),
      validationMessage: message,
      required: true,
    };
  };
  const text = (
    field: TextField,
    label: string,
    extra: { placeholder?: string; inputMode?: 'numeric' | 'decimal' | 'tel' } = {},
  ) => (
    <Field label={label} {...fieldProps(field)}>
      <Input
        value={values[field]}
        onChange={(_, data) => set(field, data.value)}
        onBlur={live.leave(field)}
        {...extra}
      />
    </Field>
  );
  const long = (field: TextField, label: string) => (
    <Field label={label} className={styles.wide} {...fieldProps(field)}>
      <Textarea
        value={values[field]}
        rows={3}
        resize="vertical"
        onChange={(_, data) => set(field, data.value)}
        onBlur={live.leave(field)}
      />
    </Field>
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateApplication(values, avatar);
    setErrors(found);
    if (Object.keys(found).length > 0 || !avatar) return;
    try {
      await apply.trigger(toSubmitBody(values, avatar));
      onSubmitted();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(applicationServerErrors(fields));
      // Each error once: what the server said of a field under it (the single `teachingMode` on
      // the mode chips), the banner only for the rest.
      setFailure(bannerError(error, [...Object.keys(values), 'teachingMode', 'avatar'], a.failed) ?? null);
    }
  };

  const regions = catalogue?.regions ?? [];
  const areaDistrict = regions
    .flatMap((region) => region.districts)
    .find((district) => district.areas.includes(values.teachingArea))?.name;
  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(onSubmit)} noValidate aria-label={a.title}>
      {failure && <ErrorBanner message={failure} />}
      {account && <Text className={styles.note}>{a.fromAccount}</Text>}
      <div className={styles.grid}>
        {text('name', a.name)}
        {text('contactNumber', a.contactNumber, { inputMode: 'tel' })}
        {text('education', a.education, { placeholder: a.educationPlaceholder })}
        {text('age', a.age, { inputMode: 'numeric' })}
        {text('teachingExperience', a.teachingExperience, { inputMode: 'numeric' })}
        <Field
          label={a.requiredFee}
          {...fieldProps('requiredFee')}
          hint={
            <FeeGuide
              sample={feeSample(catalogue, values.subjects[0], values.teachingArea)}
              hourly={perHour(Number(values.requiredFee), 60)}
              audience="tutor"
              assumption={t.feeGuide.lessonOfAnHour}
            />
          }
        >
          <Input
            value={values.requiredFee}
            inputMode="decimal"
            onChange={(_, data) => set('requiredFee', data.value)}
            onBlur={live.leave('requiredFee')}
          />
        </Field>
        <SubjectPicker
          levels={catalogue?.levels ?? []}
          value={values.subjects}
          onChange={(subjects) => set('subjects', subjects)}
          error={errors.subjects}
          className={styles.wide}
        />
        <ChipGroup
          label={a.teachingModes}
          hint={a.teachingModesHint}
          required
          error={errors.teachingModes}
          className={styles.wide}
        >
          <ChipRow>
            {(catalogue?.teachingModes ?? []).map((mode) => (
              <ToggleChip
                key={mode.key}
                checked={values.teachingModes.includes(mode.key)}
                onToggle={() => set('teachingModes', toggleItem(values.teachingModes, mode.key))}
              >
                {catalogueName(mode.label)}
              </ToggleChip>
            ))}
          </ChipRow>
        </ChipGroup>
        <Field label={a.teachingArea} {...fieldProps('teachingArea')}>
          <Select value={values.teachingArea} onChange={(_, data) => set('teachingArea', data.value)}>
            <option value="">{a.chooseArea}</option>
            {regions.flatMap((region) =>
              region.districts.map((district) => (
                <optgroup
                  key={district.name}
                  label={a.districtGroup(catalogueName(region.name), catalogueName(district.name))}
                >
                  {district.areas.map((area) => (
                    <option key={area} value={area}>
                      {catalogueName(area)}
                    </option>
                  ))}
                </optgroup>
              )),
            )}
          </Select>
        </Field>
        {text('teachingSchedule', a.teachingSchedule, { placeholder: a.teachingSchedulePlaceholder })}
        <Field
          label={a.gender}
          hint={a.genderHint}
          validationState={errors.gender ? 'error' : 'none'}
          validationMessage={errors.gender}
        >
          <Select value={values.gender} onChange={(_, data) => set('gender', data.value)}>
            <option value="">{a.genderUnsaid}</option>
            {Object.values(TutorGender).map((gender) => (
              <option key={gender} value={gender}>
                {a.gender_[gender]}
              </option>
            ))}
          </Select>
        </Field>
        <DistrictPicker
          regions={regions}
          value={values.teachingDistricts}
          onChange={(districts) => set('teachingDistricts', districts)}
          areaDistrict={areaDistrict}
          error={errors.teachingDistricts}
          className={styles.wide}
        />
        {long('examResults', a.examResults)}
        {long('courseFeatures', a.courseFeatures)}
        {long('bio', a.bio)}
        <AvatarPicker
          label={a.avatar}
          hint={a.avatarHint}
          required
          file={avatar}
          error={errors.avatar}
          className={styles.wide}
          onChange={(file) => {
            setAvatar(file);
            setErrors((before) => ({ ...before, avatar: undefined }));
          }}
          onRefused={(message) => setErrors((before) => ({ ...before, avatar: message }))}
        />
      </div>
      <div className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          className={styles.submit}
          disabled={apply.isMutating}
          icon={apply.isMutating ? <Spinner size="tiny" /> : undefined}
        >
          {apply.isMutating ? a.submitting : a.submit}
        </Button>
      </div>
    </form>
  );
}
