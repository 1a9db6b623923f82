import { useId, useRef } from 'react';
import { Field, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ImageAddRegular, PersonRegular } from '@fluentui/react-icons';
import { useObjectUrl } from '@/hooks/use-object-url';
import { formatFileSize } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { AVATAR_TYPES, avatarProblem } from '@/lib/avatar';

const PREVIEW_PX = 88;

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  preview: {
    width: `${PREVIEW_PX}px`,
    height: `${PREVIEW_PX}px`,
    flexShrink: 0,
    borderRadius: tokens.borderRadiusCircular,
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  placeholder: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
    fontSize: '40px',
  },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  // Looks like a Fluent secondary button; the file input lies over it, transparent, so the
  // input itself takes the tap, the keyboard focus and the form hook's focus on an error.
  pick: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    alignSelf: 'flex-start',
    gap: tokens.spacingHorizontalSNudge,
    minHeight: '44px',
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-within': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  pickInvalid: { border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder2}` },
  icon: { fontSize: '20px', display: 'flex' },
  // Over the border too, so the whole 44 px box is the input.
  input: {
    position: 'absolute',
    top: `calc(-1 * ${tokens.strokeWidthThin})`,
    left: `calc(-1 * ${tokens.strokeWidthThin})`,
    width: `calc(100% + 2 * ${tokens.strokeWidthThin})`,
    height: `calc(100% + 2 * ${tokens.strokeWidthThin})`,
    margin: 0,
    opacity: 0,
    cursor: 'pointer',
  },
  chosen: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

interface AvatarPickerProps {
  label: string;
  hint?: string;
  required?: boolean;
  /** The file picked, not yet sent. */
  file: File | null;
  /** The avatar already stored (its URL), shown until another file is picked. */
  currentSrc?: string;
  error?: string;
  className?: string;
  /** A file that passed the type and size checks, or null when a refused one replaced it. */
  onChange: (file: File | null) => void;
  /** A refused file (wrong type, too large): its message; the file itself is not kept. */
  onRefused: (message: string) => void;
}

/**
 * An avatar file input with a round preview: the picked image (a `blob:` URL, revoked when it
 * changes), else the stored avatar, else a placeholder. JPEG, PNG or WebP of at most 5 MB;
 * anything else is refused here, before it is sent.
 */
export function AvatarPicker({
  label,
  hint,
  required,
  file,
  currentSrc,
  error,
  className,
  onChange,
  onRefused,
}: AvatarPickerProps) {
  const styles = useStyles();
  const text = t.avatarPicker;
  const input = useRef<HTMLInputElement>(null);
  const buttonTextId = useId();
  const previewUrl = useObjectUrl(file);
  const shown = previewUrl ?? currentSrc;

  const choose = (chosen: File | undefined) => {
    // Cleared so that choosing the same file again after a refusal fires a change.
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const problem = avatarProblem(chosen);
    if (problem) {
      onChange(null);
      onRefused(problem);
    } else onChange(chosen);
  };

  return (
    <Field
      label={label}
      hint={hint}
      required={required}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
      className={className}
    >
      {(control) => (
        <div className={styles.row}>
          {shown ? (
            <img
              src={shown}
              alt={previewUrl ? text.previewAlt : text.currentAlt}
              className={styles.preview}
              width={PREVIEW_PX}
              height={PREVIEW_PX}
            />
          ) : (
            <span className={mergeClasses(styles.preview, styles.placeholder)} aria-hidden="true">
              <PersonRegular />
            </span>
          )}
          <div className={styles.side}>
            <span className={mergeClasses(styles.pick, error && styles.pickInvalid)}>
              <span className={styles.icon} aria-hidden="true">
                <ImageAddRegular />
              </span>
              <span id={buttonTextId}>{file || currentSrc ? text.change : text.choose}</span>
              <input
                ref={input}
                type="file"
                accept={AVATAR_TYPES.join(',')}
                className={styles.input}
                id={control.id}
                aria-labelledby={`${control['aria-labelledby'] ?? ''} ${buttonTextId}`.trim()}
                aria-describedby={control['aria-describedby']}
                aria-invalid={control['aria-invalid']}
                required={required}
                onChange={(event) => choose(event.target.files?.[0])}
              />
            </span>
            {file && <Text className={styles.chosen}>{text.chosen(file.name, formatFileSize(file.size))}</Text>}
          </div>
        </div>
      )}
    </Field>
  );
}
