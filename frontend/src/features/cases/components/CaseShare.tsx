import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular, ShareRegular } from '@fluentui/react-icons';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  button: { minHeight: '44px' },
  status: { color: tokens.colorNeutralForeground2 },
});

/**
 * Share a case the way Hong Kong parents pass cases on: a WhatsApp message with the title and
 * the link, or the link copied for anywhere else.
 */
export function CaseShare({ title, url }: { title: string; url: string }) {
  const styles = useStyles();
  const text = t.cases.page.share;
  const [copied, setCopied] = useState<string>();
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(text.message(title, url))}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(text.copied);
    } catch {
      setCopied(text.copyFailed);
    }
  };

  return (
    <div className={styles.row}>
      <Button
        as="a"
        href={whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        icon={<ShareRegular />}
        className={styles.button}
      >
        {text.whatsapp}
      </Button>
      <Button icon={<CopyRegular />} onClick={() => void copy()} className={styles.button}>
        {text.copy}
      </Button>
      <Text role="status" size={200} className={styles.status}>
        {copied}
      </Text>
    </div>
  );
}
