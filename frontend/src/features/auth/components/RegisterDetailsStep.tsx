import { useMemo } from 'react';
import { Field, Input, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DateSelect } from '@/components/DateSelect';
import { DocumentPicker } from '@/components/DocumentPicker';
import { authZhHK } from '@/i18n/auth-zh-HK';
import { documentLabel, type DocumentField } from '@/lib/documents';
import { birthYears, type RegisterDetails, type RegisterErrors, type UserType } from '../lib/register-rules';
import { PasswordInput } from './PasswordInput';

const useStyles = makeStyles({
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  documents: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

interface RegisterDetailsStepProps {
  details: RegisterDetails;
  errors: RegisterErrors;
  onChange: (change: Partial<RegisterDetails>) => void;
  /** The e-mail field lost focus: the form checks the address with the server. */
  onEmailBlur: () => void;
  /** A document was refused before upload (too large, wrong type). */
  onDocumentRefused: (field: DocumentField, message: string) => void;
}

/** Registration step 2 (spec §2): name, e-mail, password twice, birth date, and the account type. */
export function RegisterDetailsStep({
  details,
  errors,
  onChange,
  onEmailBlur,
  onDocumentRefused,
}: RegisterDetailsStepProps) {
  const styles = useStyles();
  const text = authZhHK.register;
  const years = useMemo(() => birthYears(new Date()), []);

  return (
    <div className={styles.step}>
      <Field label={text.name} required hint={text.nameHint} validationMessage={errors.name}>
        <Input autoComplete="name" value={details.name} onChange={(_, d) => onChange({ name: d.value })} />
      </Field>
      <Field label={text.email} required validationMessage={errors.email}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={text.emailPlaceholder}
          value={details.email}
          onChange={(_, d) => onChange({ email: d.value })}
          onBlur={onEmailBlur}
        />
      </Field>
      <Field label={text.password} required hint={text.passwordHint} validationMessage={errors.password}>
        <PasswordInput
          autoComplete="new-password"
          value={details.password}
          onChange={(_, d) => onChange({ password: d.value })}
        />
      </Field>
      <Field label={text.confirmPassword} required validationMessage={errors.confirmPassword}>
        <PasswordInput
          autoComplete="new-password"
          value={details.confirmPassword}
          onChange={(_, d) => onChange({ confirmPassword: d.value })}
        />
      </Field>
      <DateSelect
        label={text.birthdate}
        required
        years={years}
        value={details.birthdate}
        onChange={(birthdate) => onChange({ birthdate })}
        hint={text.birthdateHint}
        validationMessage={errors.birthdate}
      />
      <Field label={text.userType} required validationMessage={errors.userType}>
        <RadioGroup
          layout="horizontal"
          value={details.userType}
          onChange={(_, d) => onChange({ userType: d.value as UserType })}
        >
          <Radio value="individual" label={text.individual} />
          <Radio value="organization" label={text.organization} />
        </RadioGroup>
      </Field>
      {details.userType === 'organization' && (
        <div className={styles.documents}>
          <Text size={200}>{text.organizationHint}</Text>
          {(['businessRegistration', 'addressProof'] as const).map((field) => (
            <DocumentPicker
              key={field}
              label={documentLabel(field)}
              file={details[field]}
              error={errors[field]}
              onChange={(file) => onChange({ [field]: file })}
              onRefused={(message) => onDocumentRefused(field, message)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
