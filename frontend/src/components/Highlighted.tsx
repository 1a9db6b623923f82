import { makeStyles, tokens } from '@fluentui/react-components';
import { highlightPieces } from '@/lib/keywords';

const useStyles = makeStyles({
  mark: {
    backgroundColor: tokens.colorPaletteYellowBackground2,
    color: 'inherit',
    borderRadius: tokens.borderRadiusSmall,
  },
});

/** `text` with every typed word in it marked, so a person sees why a result was found. */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  const styles = useStyles();
  return (
    <>
      {highlightPieces(text, words).map((piece, index) =>
        piece.match ? (
          <mark key={index} className={styles.mark}>
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
