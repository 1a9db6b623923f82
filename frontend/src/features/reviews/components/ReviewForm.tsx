import { type FormEvent, useState } from 'react';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Rating,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { bannerError, fieldErrors } from '@/api/api-error';
import { useCreateReview } from '@/api/generated/tutors/tutors';
import { REVIEW_TEXT_MAX_CHARS, REVIEW_TEXT_MIN_CHARS } from '@/api/form-limits';
import { useFormFeedback } from '@/hooks/use-form-feedback';
import { useLiveErrors } from '@/hooks/use-live-errors';
import { reviewsZhHK } from '@/i18n/reviews-zh-HK';
import { checkReview, type ReviewErrors } from '../lib/review-rules';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  heading: { margin: 0 },
  // Each star is a 44 px tap target on a phone.
  stars: { '& input': { minWidth: '44px', minHeight: '44px' } },
  submit: { minHeight: '44px', minWidth: '120px' },
});

type Errors = ReviewErrors;

/** Stars and words for a tutor the member had lessons with; shown only when the server allows it. */
export function ReviewForm({ tutorId, onReviewed }: { tutorId: string; onReviewed: () => Promise<void> }) {
  const styles = useStyles();
  const words = reviewsZhHK.form;
  const { formRef, revealAfter } = useFormFeedback();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const create = useCreateReview(tutorId);
  // Kept by hand rather than `create.isMutating`: the form stays busy until the reviews have been
  // read again too, not only while the review is sent.
  const [busy, setBusy] = useState(false);
  const live = useLiveErrors<keyof Errors>((mode) => checkReview(rating, text, mode));
  const textMessage = errors.text ?? live.message('text');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What the reviewer must see before sending, in the server's words; it checks it all again.
    const found = checkReview(rating, text);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await create.trigger({ rating, text: text.trim() });
      await onReviewed();
    } catch (error) {
      setErrors((fieldErrors(error) ?? {}) as Errors);
      // Each error once: the stars' and the words' messages under them, the banner for the rest.
      const rest = bannerError(error, ['rating', 'text'], words.unknownReason);
      setFailure(rest === undefined ? undefined : words.failed(rest));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={revealAfter(submit)} noValidate aria-label={words.heading}>
      <Text as="h3" size={400} weight="semibold" className={styles.heading}>
        {words.heading}
      </Text>
      <Field
        label={words.rating}
        required
        validationState={errors.rating ? 'error' : 'none'}
        validationMessage={errors.rating}
      >
        <Rating
          className={styles.stars}
          value={rating}
          size="extra-large"
          color="marigold"
          itemLabel={words.ratingItem}
          aria-invalid={errors.rating ? true : undefined}
          onChange={(_, data) => {
            setRating(data.value);
            setErrors((before) => ({ ...before, rating: undefined }));
          }}
        />
      </Field>
      <Field
        label={words.text}
        required
        hint={words.textHint([...text].length, REVIEW_TEXT_MAX_CHARS, REVIEW_TEXT_MIN_CHARS)}
        validationState={textMessage ? 'error' : 'none'}
        validationMessage={textMessage}
      >
        <Textarea
          value={text}
          rows={4}
          resize="vertical"
          onChange={(_, data) => {
            setText(data.value);
            setErrors((before) => ({ ...before, text: undefined }));
          }}
          onBlur={live.leave('text')}
        />
      </Field>
      {failure && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <div>
        <Button type="submit" appearance="primary" className={styles.submit} disabled={busy}>
          {busy ? words.submitting : words.submit}
        </Button>
      </div>
    </form>
  );
}
