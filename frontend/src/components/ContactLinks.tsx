import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CallRegular, ChatRegular } from '@fluentui/react-icons';
import { t } from '@/i18n/zh-HK';
import { formatPhone } from '@/lib/phone';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  name: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  link: { minHeight: '44px' },
});

/** `+85291234567` as `https://wa.me/85291234567`: WhatsApp wants the number without the plus. */
export function whatsappLink(e164: string): string {
  return `https://wa.me/${e164.replace(/^\+/, '')}`;
}

/**
 * The other side's name and phone once they are matched or booked, as a phone uses them: one
 * tap to call, one tap to open a WhatsApp chat.
 */
export function ContactLinks({ name, phone }: { name: string; phone: string }) {
  const styles = useStyles();
  const text = t.common.contact;
  return (
    <div className={styles.box}>
      <Text className={styles.name}>{text.line(name, formatPhone(phone))}</Text>
      <div className={styles.links}>
        <Button as="a" href={`tel:${phone}`} icon={<CallRegular />} size="small" className={styles.link}>
          {text.call(name)}
        </Button>
        <Button
          as="a"
          href={whatsappLink(phone)}
          target="_blank"
          rel="noopener noreferrer"
          icon={<ChatRegular />}
          size="small"
          className={styles.link}
        >
          {text.whatsapp(name)}
        </Button>
      </div>
    </div>
  );
}
