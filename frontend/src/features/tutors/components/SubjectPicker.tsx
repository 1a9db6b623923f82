import { useId, useState, type KeyboardEvent } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { LevelView } from '@/api/generated/model';
import { ChipGroup, ChipRow } from '@/components/ChipGroup';
import { ToggleChip } from '@/components/ToggleChip';
import { catalogueName } from '@/i18n/catalogue-names';
import { t } from '@/i18n/zh-HK';
import { levelSubjectName } from '@/lib/tutor-teaching';
import { media } from '@/styles/breakpoints';
import {
  addTypedSubjects,
  SUBJECTS_MAX,
  subjectLabel,
  toggleItem,
  TYPED_SUBJECT_MAX_CHARS,
} from '../lib/application-form';

const useStyles = makeStyles({
  typed: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    [media.wide]: { maxWidth: '420px' },
  },
  typedField: { flexGrow: 1, minWidth: 0 },
  add: { minHeight: '44px', flexShrink: 0 },
  chosen: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  count: { color: tokens.colorNeutralForeground2 },
  muted: { color: tokens.colorNeutralForeground3 },
  remove: { minHeight: '44px', fontWeight: tokens.fontWeightRegular },
});

interface SubjectPickerProps {
  levels: readonly LevelView[];
  /** "level subject" items (the level's label, a space, the subject), across levels. */
  value: readonly string[];
  onChange: (subjects: string[]) => void;
  error?: string;
  className?: string;
}

/**
 * Subjects chosen as chips: a level, then that level's subjects toggled on and off (or typed,
 * for a free-text level such as tertiary). What is chosen, across levels, stays below as chips
 * to remove, with the count against the server's limit of 12.
 */
export function SubjectPicker({ levels, value, onChange, error, className }: SubjectPickerProps) {
  const styles = useStyles();
  const a = t.tutors.application;
  const [levelKey, setLevelKey] = useState<string>();
  const [typed, setTyped] = useState('');
  const countId = useId();
  const level = levels.find((l) => l.key === levelKey) ?? levels[0];
  const full = value.length >= SUBJECTS_MAX;

  const addTyped = () => {
    if (!level) return;
    onChange(addTypedSubjects(value, level.label, typed));
    setTyped('');
  };
  // Enter adds the subject; it must not submit the whole form.
  const onTypedKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addTyped();
  };

  return (
    <ChipGroup label={a.subjects} hint={a.subjectsHint} required error={error} className={className}>
      <ChipRow label={a.level}>
        {levels.map((l) => (
          <ToggleChip key={l.key} single checked={l.key === level?.key} onToggle={() => setLevelKey(l.key)}>
            {catalogueName(l.label)}
          </ToggleChip>
        ))}
      </ChipRow>
      {level &&
        (level.freeTextSubject ? (
          <div className={styles.typed}>
            <Field label={a.typedSubject(catalogueName(level.label))} className={styles.typedField}>
              <Input
                value={typed}
                maxLength={TYPED_SUBJECT_MAX_CHARS}
                placeholder={a.typedSubjectPlaceholder}
                disabled={full}
                onChange={(_, data) => setTyped(data.value)}
                onKeyDown={onTypedKey}
              />
            </Field>
            <Button type="button" className={styles.add} disabled={full || typed.trim() === ''} onClick={addTyped}>
              {a.addTypedSubject}
            </Button>
          </div>
        ) : (
          <ChipRow label={a.levelSubjects(catalogueName(level.label))}>
            {level.subjects.map((subject) => {
              const item = subjectLabel(level.label, subject);
              const checked = value.includes(item);
              return (
                <ToggleChip
                  key={subject}
                  checked={checked}
                  disabled={full && !checked}
                  onToggle={() => onChange(toggleItem(value, item, SUBJECTS_MAX))}
                >
                  {catalogueName(subject)}
                </ToggleChip>
              );
            })}
          </ChipRow>
        ))}
      <div className={styles.chosen} role="group" aria-labelledby={countId}>
        <Text id={countId} weight="semibold" className={styles.count} aria-live="polite">
          {a.subjectsCount(value.length, SUBJECTS_MAX)}
        </Text>
        {full && <Text className={styles.muted}>{a.subjectsFull(SUBJECTS_MAX)}</Text>}
        {value.length === 0 ? (
          <Text className={styles.muted}>{a.noSubjectYet}</Text>
        ) : (
          <ChipRow>
            {value.map((item) => (
              <Button
                key={item}
                type="button"
                shape="circular"
                icon={<DismissRegular />}
                iconPosition="after"
                aria-label={a.removeSubject(levelSubjectName(item))}
                className={styles.remove}
                onClick={() => onChange(value.filter((s) => s !== item))}
              >
                {levelSubjectName(item)}
              </Button>
            ))}
          </ChipRow>
        )}
      </div>
    </ChipGroup>
  );
}
