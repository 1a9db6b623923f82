import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { KEYWORDS_MAX_CHARS } from '@/lib/keywords';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  // The browser's own clear button would be a second one beside ours.
  input: { '& input::-webkit-search-cancel-button': { display: 'none' } },
  clear: { minWidth: 'auto' },
});

interface KeywordBoxProps {
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/**
 * The words to search for, in Chinese or English; Enter submits the form it is in. Fluent's
 * SearchBox as it looks (a search field, the magnifier before, a clear button once typed in),
 * made of the Input the search forms load anyway rather than SearchBox's own package
 * (docs/adr/0076-public-pages-under-150-kib.md).
 */
export function KeywordBox({ value, onChange, className }: KeywordBoxProps) {
  const styles = useStyles();
  return (
    <Field label={t.filters.keywords} hint={t.filters.keywordsHint(KEYWORDS_MAX_CHARS)} className={className}>
      <Input
        type="search"
        className={styles.input}
        value={value}
        maxLength={KEYWORDS_MAX_CHARS}
        placeholder={t.filters.keywordsPlaceholder}
        onChange={(_, data) => onChange(data.value)}
        name="q"
        contentBefore={<SearchRegular />}
        contentAfter={
          value === '' ? undefined : (
            <Button
              appearance="transparent"
              size="small"
              className={styles.clear}
              icon={<DismissRegular />}
              aria-label={t.filters.clearKeywords}
              onClick={() => onChange('')}
            />
          )
        }
      />
    </Field>
  );
}
