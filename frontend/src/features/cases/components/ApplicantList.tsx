import { useState } from 'react';
import { Avatar, Badge, Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { selectApplicant, useListCaseApplications } from '@/api/generated/cases/cases';
import type { ApplicantBody } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { t } from '@/i18n/zh-HK';
import { formatPhone } from '@/lib/phone';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  applicant: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  name: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  contact: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** The applicants of one of the owner's cases; choosing one matches the case (spec §4). */
export function ApplicantList({
  caseId,
  canChoose,
  onChosen,
}: {
  caseId: number;
  canChoose: boolean;
  onChosen: () => void;
}) {
  const styles = useStyles();
  const text = t.cases.myCases;
  const list = useListCaseApplications(caseId);
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<string>();

  if (list.error) return <ErrorBanner message={errorMessage(list.error, text.applicantsFailed)} />;
  if (!list.data) return <LoadingState />;
  if (list.data.items.length === 0) return <Text className={styles.muted}>{text.noApplicants}</Text>;

  const choose = async (applicant: ApplicantBody) => {
    setBusy(applicant.id);
    setFailure(undefined);
    try {
      await selectApplicant(caseId, applicant.id);
      await list.mutate();
      onChosen();
    } catch (error) {
      setFailure(errorMessage(error, text.chooseFailed));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      {failure && <ErrorBanner message={failure} />}
      <ul className={styles.list} aria-label={text.showApplicants}>
        {list.data.items.map((applicant) => (
          <li key={applicant.id}>
            <Card className={styles.applicant} data-testid="applicant">
              <div className={styles.head}>
                <Avatar
                  name={applicant.tutor.name}
                  image={applicant.tutor.avatar ? { src: applicant.tutor.avatar } : undefined}
                />
                <Text weight="semibold" className={styles.name}>
                  {applicant.tutor.name}
                </Text>
                <Badge appearance="tint" color={applicant.status === 'selected' ? 'success' : 'informative'}>
                  {text.applicationStatus[applicant.status] ?? applicant.status}
                </Badge>
              </div>
              <Text>
                <span className={styles.muted}>{t.common.labeled(text.availableTimes)}</span>
                {applicant.availableTimes}
              </Text>
              {applicant.contact && (
                <Text className={styles.contact}>{text.chosenContact(formatPhone(applicant.contact.phone))}</Text>
              )}
              <div className={styles.actions}>
                <ButtonLink to={`/tutor/${applicant.tutor.id}`} appearance="secondary" size="small">
                  {text.viewProfile}
                </ButtonLink>
                {canChoose && applicant.status === 'applied' && (
                  <Button
                    appearance="primary"
                    size="small"
                    disabled={busy !== undefined}
                    onClick={() => void choose(applicant)}
                  >
                    {busy === applicant.id ? text.choosing : text.choose}
                  </Button>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
