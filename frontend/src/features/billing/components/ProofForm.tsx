import { type FormEvent, useRef, useState } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { ImageRegular } from '@fluentui/react-icons';
import { ApiError, errorMessage, fieldErrors } from '@/api/api-error';
import { useUploadPaymentProof } from '@/api/generated/billing/billing';
import type { InvoiceBody } from '@/api/generated/model';
import { DetailCard } from '@/components/DetailLayout';
import { ErrorBanner } from '@/components/ErrorBanner';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatFileSize } from '@/i18n/format';

/** What the server takes (it checks the content too). */
const PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** The server's limit on a reference, in characters. */
const REFERENCE_MAX = 200;

const useStyles = makeStyles({
  title: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  chosen: { minWidth: 0, overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** Why a chosen file cannot be a proof, before it is sent; undefined when it may be. */
function fileProblem(file: File): string | undefined {
  const text = billingZhHK.proof;
  if (file.type && !(PROOF_TYPES as readonly string[]).includes(file.type)) return text.wrongType;
  if (file.size > PROOF_MAX_BYTES) return text.tooLarge;
  return undefined;
}

/**
 * The tutor's proof of a payment: a screenshot of the transfer and its FPS reference, sent as
 * multipart. The server's field messages show under their fields; the invoice it answers (with
 * the proof listed) replaces the page's.
 */
export function ProofForm({ number, onUploaded }: { number: string; onUploaded: (invoice: InvoiceBody) => unknown }) {
  const styles = useStyles();
  const text = billingZhHK.proof;
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const upload = useUploadPaymentProof(number);
  // Kept by hand rather than `upload.isMutating`: the form stays busy until the page holds the
  // answered invoice too, not only while the proof is sent.
  const [busy, setBusy] = useState(false);
  const fileHintId = useId('proof-file-hint');
  const fileErrorId = useId('proof-file-error');

  const choose = (chosen: File | undefined) => {
    // Cleared so that choosing the same file again after a refusal fires a change.
    if (input.current) input.current.value = '';
    setDone(false);
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setFile(problem ? null : chosen);
    setErrors(({ file: _file, ...rest }) => (problem ? { ...rest, file: problem } : rest));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setFailure(undefined);
    const missing: Record<string, string> = {};
    if (!file) missing.file = errors.file ?? text.fileRequired;
    if (reference.trim() === '') missing.reference = text.referenceRequired;
    setErrors(missing);
    if (!file || Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const invoice = await upload.trigger({ file, reference: reference.trim() });
      setFile(null);
      setReference('');
      setDone(true);
      await onUploaded(invoice);
    } catch (error) {
      const fields = fieldErrors(error);
      // A proxy in front of the site may refuse a large body with a page of its own.
      if (error instanceof ApiError && error.status === 413 && !fields) setErrors({ file: text.tooLarge });
      else if (fields?.file || fields?.reference) setErrors(fields);
      else setFailure(errorMessage(error, text.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DetailCard testId="proof-form">
      <Text as="h2" size={500} weight="semibold" className={styles.title}>
        {text.heading}
      </Text>
      <Text className={styles.muted}>{text.hint}</Text>
      <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={text.heading} noValidate>
        <Field
          label={text.file}
          hint={{ children: text.fileHint, id: fileHintId }}
          validationMessage={errors.file ? { children: errors.file, id: fileErrorId } : undefined}
          required
        >
          <div className={styles.row}>
            <input
              ref={input}
              className={styles.hidden}
              type="file"
              aria-label={text.file}
              accept={PROOF_TYPES.join(',')}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <Button
              type="button"
              icon={<ImageRegular />}
              onClick={() => input.current?.click()}
              // The field's label and hint name the file input, which is hidden: the button says them.
              aria-label={text.fileButton(file ? text.changeFile : text.chooseFile)}
              aria-describedby={errors.file ? `${fileErrorId} ${fileHintId}` : fileHintId}
            >
              {file ? text.changeFile : text.chooseFile}
            </Button>
            {file && <Text className={styles.chosen}>{text.fileChosen(file.name, formatFileSize(file.size))}</Text>}
          </div>
        </Field>
        <Field label={text.reference} hint={text.referenceHint} validationMessage={errors.reference} required>
          <Input
            value={reference}
            maxLength={REFERENCE_MAX}
            autoComplete="off"
            onChange={(_, d) => {
              setReference(d.value);
              setErrors(({ reference: _reference, ...rest }) => rest);
            }}
          />
        </Field>
        {failure && <ErrorBanner message={failure} />}
        {done && <Text role="status">{text.done}</Text>}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={busy}>
            {busy ? text.sending : text.send}
          </Button>
        </div>
      </form>
    </DetailCard>
  );
}
