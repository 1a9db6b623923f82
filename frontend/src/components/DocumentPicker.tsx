import { useRef } from 'react';
import { Button, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, DocumentRegular } from '@fluentui/react-icons';
import { authZhHK } from '@/i18n/auth-zh-HK';
import { formatFileSize } from '@/i18n/format';
import { documentProblem } from '@/lib/documents';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  chosen: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  hidden: { display: 'none' },
});

interface DocumentPickerProps {
  label: string;
  file: File | null;
  /** Whether the form needs this document (registration); false where any one will do. */
  required?: boolean;
  error?: string;
  /** A file that passed the size and type checks, or null when removed. */
  onChange: (file: File | null) => void;
  /** A refused file (too large, wrong type): its message; the file itself is not kept. */
  onRefused: (message: string) => void;
}

/** One organization document (PDF, JPEG or PNG, at most 5 MB), with its name and size once chosen. */
export function DocumentPicker({ label, file, required = true, error, onChange, onRefused }: DocumentPickerProps) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const text = authZhHK.register;

  const choose = (chosen: File | undefined) => {
    // Cleared so that choosing the same file again after a refusal fires a change.
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const problem = documentProblem(chosen, label);
    if (problem) {
      onChange(null);
      onRefused(problem);
    } else onChange(chosen);
  };

  return (
    <Field label={label} required={required} hint={text.fileHint} validationMessage={error}>
      <div className={styles.row}>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          aria-label={label}
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Button type="button" icon={<DocumentRegular />} onClick={() => input.current?.click()}>
          {file ? text.changeFile : text.chooseFile}
        </Button>
        {file && (
          <span className={styles.chosen}>
            <Text>{text.fileChosen(file.name, formatFileSize(file.size))}</Text>
            <Button
              type="button"
              appearance="subtle"
              size="small"
              icon={<DismissRegular />}
              aria-label={text.removeFile(label)}
              onClick={() => onChange(null)}
            />
          </span>
        )}
      </div>
    </Field>
  );
}
