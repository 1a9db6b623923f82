import { useState } from 'react';
import { Button, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CopyRegular } from '@fluentui/react-icons';
import type { FpsBody } from '@/api/generated/model';
import { DetailCard } from '@/components/DetailLayout';
import { billingZhHK } from '@/i18n/billing-zh-HK';
import { formatCents } from '@/i18n/money';

const useStyles = makeStyles({
  title: { margin: 0 },
  qr: {
    display: 'block',
    width: '220px',
    maxWidth: '100%',
    height: 'auto',
    aspectRatio: '1',
    marginInline: 'auto',
    // A QR code is read against white whatever the theme: dark modules on a light ground.
    backgroundColor: 'white',
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  amount: { textAlign: 'center' },
  payload: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  button: { minHeight: '44px' },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * Paying by FPS: the server's QR code for the amount owed today (its SVG shown as an image, so
 * nothing in it runs), the same payload to copy into a banking app, and the amount.
 */
export function FpsPayment({ fps, number }: { fps: FpsBody; number: string }) {
  const styles = useStyles();
  const text = billingZhHK.fps;
  const [copied, setCopied] = useState<string>();
  const amount = formatCents(fps.amountCents) ?? '';
  const image = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(fps.svg)}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fps.payload);
      setCopied(text.copied);
    } catch {
      setCopied(text.copyFailed);
    }
  };

  return (
    <DetailCard testId="fps">
      <Text as="h2" size={500} weight="semibold" className={styles.title}>
        {text.heading}
      </Text>
      <img className={styles.qr} src={image} alt={text.qrAlt(amount, number)} width={220} height={220} />
      <Text className={styles.amount}>
        {text.amount}{' '}
        <Text weight="bold" size={500} data-testid="fps-amount">
          {amount}
        </Text>
      </Text>
      <Field label={text.payload}>
        <Textarea textarea={{ className: styles.payload }} value={fps.payload} readOnly resize="none" rows={3} />
      </Field>
      <Text size={200}>{text.payee(fps.payeeName, fps.payee)}</Text>
      <div className={styles.row}>
        <Button
          icon={<ArrowDownloadRegular />}
          onClick={() => void saveAsPng(image, `${number}-fps.png`)}
          className={styles.button}
        >
          {text.save}
        </Button>
        <Button icon={<CopyRegular />} onClick={() => void copy()} className={styles.button}>
          {text.copy}
        </Button>
        <Text role="status" size={200} className={styles.muted}>
          {copied}
        </Text>
      </div>
      <Text size={200} className={styles.muted}>
        {text.saveHint} {text.hint(number)}
      </Text>
    </DetailCard>
  );
}

/**
 * Saves the QR code as a PNG a phone keeps in its photos: the tutor pays on the same phone, and
 * banking apps scan a code from the photo album, not from the screen they are shown on.
 */
async function saveAsPng(svgUrl: string, name: string): Promise<void> {
  const picture = new Image();
  picture.src = svgUrl;
  await picture.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 600;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  const link = document.createElement('a');
  link.download = name;
  link.href = canvas.toDataURL('image/png');
  link.click();
}
