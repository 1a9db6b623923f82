import { Field, SearchBox } from '@fluentui/react-components';
import { KEYWORDS_MAX_CHARS } from '@/lib/keywords';
import { t } from '@/i18n/zh-HK';

interface KeywordBoxProps {
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** The words to search for, in Chinese or English; Enter submits the form it is in. */
export function KeywordBox({ value, onChange, className }: KeywordBoxProps) {
  return (
    <Field label={t.filters.keywords} hint={t.filters.keywordsHint(KEYWORDS_MAX_CHARS)} className={className}>
      <SearchBox
        value={value}
        maxLength={KEYWORDS_MAX_CHARS}
        placeholder={t.filters.keywordsPlaceholder}
        onChange={(_, data) => onChange(data.value)}
        name="q"
        dismiss={{ 'aria-label': t.filters.clearKeywords }}
      />
    </Field>
  );
}
