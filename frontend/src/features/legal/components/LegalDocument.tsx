import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Surface } from '@/components/Surface';
import { CallRegular, MailRegular } from '@fluentui/react-icons';
import { supportContacts } from '@/config/legal';
import type { LegalBlock, LegalDocumentText } from '@/i18n/legal-zh-HK';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';

const useStyles = makeStyles({
  article: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    maxWidth: '760px',
    marginInline: 'auto',
    width: '100%',
  },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  title: { margin: 0 },
  effective: { color: tokens.colorNeutralForeground3 },
  text: {
    margin: 0,
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase400,
    color: tokens.colorNeutralForeground1,
  },
  contents: {
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
  },
  contentsList: {
    margin: 0,
    paddingInlineStart: 0,
    listStyleType: 'none',
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    [media.wide]: { gridTemplateColumns: '1fr 1fr', columnGap: tokens.spacingHorizontalXL },
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    scrollMarginTop: '80px',
  },
  heading: {
    margin: 0,
    paddingBottom: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  list: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  contact: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
  },
  contactLine: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase400,
  },
  contactIcon: { color: tokens.colorBrandForeground1, fontSize: '20px' },
});

function Block({ block }: { block: LegalBlock }) {
  const styles = useStyles();
  switch (block.kind) {
    case 'paragraph':
      return <p className={styles.text}>{block.text}</p>;
    case 'list':
      return (
        <ul className={styles.list}>
          {block.items.map((item) => (
            <li key={item} className={styles.text}>
              {item}
            </li>
          ))}
        </ul>
      );
    case 'contact':
      return (
        <address className={styles.contact}>
          <span className={styles.contactLine}>
            <CallRegular className={styles.contactIcon} aria-hidden />
            {t.legal.contactPhone}
            <Link href={supportContacts.phoneHref}>{supportContacts.phone}</Link>
          </span>
          <span className={styles.contactLine}>
            <MailRegular className={styles.contactIcon} aria-hidden />
            {t.legal.contactEmail}
            <Link href={supportContacts.emailHref}>{supportContacts.email}</Link>
          </span>
        </address>
      );
  }
}

/** A legal page: title, effective date, contents and numbered sections. */
export function LegalDocument({ document }: { document: LegalDocumentText }) {
  const styles = useStyles();
  const { hash } = useLocation();
  // A link to a section from elsewhere in the app (the case page's fee, `/terms#fees`) lands on
  // it: the page loads after the router has already scrolled.
  useEffect(() => {
    if (!hash) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed address (`#%E0`): no section has that name.
    }
    window.document.getElementById(id)?.scrollIntoView?.();
  }, [hash]);
  return (
    <article className={styles.article}>
      <title>{t.pageTitle(document.title)}</title>
      <header className={styles.header}>
        <Text as="h1" size={800} weight="bold" className={styles.title}>
          {document.title}
        </Text>
        <Text size={300} className={styles.effective}>
          {document.effective}
        </Text>
      </header>
      {document.intro.map((text) => (
        <p key={text} className={styles.text}>
          {text}
        </p>
      ))}
      <Surface className={styles.contents} appearance="filled-alternative">
        <nav aria-labelledby="legal-contents">
          <Text as="h2" size={400} weight="semibold" id="legal-contents">
            {t.legal.contents}
          </Text>
          <ol className={styles.contentsList}>
            {document.sections.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`}>{section.heading}</Link>
              </li>
            ))}
          </ol>
        </nav>
      </Surface>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-heading`}>
          <Text as="h2" size={500} weight="semibold" id={`${section.id}-heading`} className={styles.heading}>
            {section.heading}
          </Text>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}
