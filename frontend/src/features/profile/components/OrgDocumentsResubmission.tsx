import { useId, useState, type FormEvent } from 'react';
import { Divider, Text, makeStyles, tokens } from '@fluentui/react-components';
import { bannerError, fieldErrors } from '@/api/api-error';
import { useResubmitOrgDocuments } from '@/api/generated/accounts/accounts';
import type { CurrentUser } from '@/api/generated/model';
import { AccountForm, AccountSubmit } from '@/components/AccountForm';
import { DocumentPicker } from '@/components/DocumentPicker';
import { profileZhHK } from '@/i18n/profile-zh-HK';
import { documentLabel, type DocumentField } from '@/lib/documents';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
});

const FIELDS: DocumentField[] = ['businessRegistration', 'addressProof'];
type Files = Record<DocumentField, File | null>;
type Errors = Partial<Record<DocumentField, string>>;

/**
 * A rejected organization uploads clearer documents, one or both, and goes back to review.
 * The server answers with the account as it is now (pending), which the parent shows.
 */
export function OrgDocumentsResubmission({ onResubmitted }: { onResubmitted: (user: CurrentUser) => void }) {
  const styles = useStyles();
  const m = profileZhHK.orgVerification.resubmit;
  const titleId = useId();
  const [files, setFiles] = useState<Files>({ businessRegistration: null, addressProof: null });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const resubmit = useResubmitOrgDocuments();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!files.businessRegistration && !files.addressProof) {
      setErrors({ businessRegistration: m.atLeastOne });
      return;
    }
    try {
      const user = await resubmit.trigger({
        ...(files.businessRegistration ? { businessRegistration: files.businessRegistration } : {}),
        ...(files.addressProof ? { addressProof: files.addressProof } : {}),
      });
      onResubmitted(user);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      // Each error once: a document's message under it, the banner for the rest.
      setFailure(bannerError(error, FIELDS, m.failed) ?? null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Divider />
      <h2 id={titleId} className={styles.title}>
        {m.title}
      </h2>
      <Text>{m.intro}</Text>
      <AccountForm label={m.title} onSubmit={onSubmit} error={failure}>
        {FIELDS.map((field) => (
          <DocumentPicker
            key={field}
            label={documentLabel(field)}
            file={files[field]}
            required={false}
            error={errors[field]}
            onChange={(file) => {
              setFiles({ ...files, [field]: file });
              setErrors({});
            }}
            onRefused={(message) => setErrors({ ...errors, [field]: message })}
          />
        ))}
        <AccountSubmit label={m.submit} busyLabel={m.submitting} busy={resubmit.isMutating} />
      </AccountForm>
      <Divider />
    </section>
  );
}
