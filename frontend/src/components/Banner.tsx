import { forwardRef, type HTMLAttributes } from 'react';
import { makeResetStyles, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DiamondDismissFilled } from '@fluentui/react-icons';

/**
 * Fluent's MessageBar as our banners show it: several lines, an error or a success, no actions
 * (the styles of useMessageBarStyles and useMessageBarBodyStyles in @fluentui/react-message-bar,
 * and its intent icons). MessageBar's package and the motion it appears with are 4.5 KiB brotli
 * that every page would load for a banner shown only once something failed or was sent
 * (docs/adr/0076-public-pages-under-150-kib.md).
 */
const useRootStyles = makeResetStyles({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gridTemplateRows: '1fr',
  gridTemplateAreas: '"icon body"',
  alignItems: 'start',
  whiteSpace: 'normal',
  minHeight: '36px',
  boxSizing: 'border-box',
  paddingTop: tokens.spacingVerticalMNudge,
  // MessageBar's multiline layout ends in an empty row with this margin.
  paddingBottom: tokens.spacingVerticalS,
  paddingLeft: tokens.spacingHorizontalM,
  border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  borderRadius: tokens.borderRadiusMedium,
  backgroundColor: tokens.colorNeutralBackground3,
});

const useIconStyles = makeResetStyles({
  gridArea: 'icon',
  display: 'flex',
  alignItems: 'center',
  fontSize: tokens.fontSizeBase500,
  marginRight: tokens.spacingHorizontalS,
});

const useBodyStyles = makeResetStyles({
  gridArea: 'body',
  paddingRight: tokens.spacingHorizontalM,
  fontFamily: tokens.fontFamilyBase,
  fontSize: tokens.fontSizeBase300,
  lineHeight: tokens.lineHeightBase300,
  fontWeight: tokens.fontWeightRegular,
});

const useIntentStyles = makeStyles({
  error: {
    backgroundColor: tokens.colorStatusDangerBackground1,
    borderTopColor: tokens.colorStatusDangerBorder1,
    borderRightColor: tokens.colorStatusDangerBorder1,
    borderBottomColor: tokens.colorStatusDangerBorder1,
    borderLeftColor: tokens.colorStatusDangerBorder1,
  },
  success: {
    backgroundColor: tokens.colorStatusSuccessBackground1,
    borderTopColor: tokens.colorStatusSuccessBorder1,
    borderRightColor: tokens.colorStatusSuccessBorder1,
    borderBottomColor: tokens.colorStatusSuccessBorder1,
    borderLeftColor: tokens.colorStatusSuccessBorder1,
  },
  errorIcon: { color: tokens.colorStatusDangerForeground1 },
  successIcon: { color: tokens.colorStatusSuccessForeground1 },
});

interface BannerProps extends HTMLAttributes<HTMLDivElement> {
  intent: 'error' | 'success';
}

/** A banner: the intent's icon, then its words (children). */
export const Banner = forwardRef<HTMLDivElement, BannerProps>(function Banner(
  { intent, className, children, ...rest },
  ref,
) {
  const root = useRootStyles();
  const icon = useIconStyles();
  const body = useBodyStyles();
  const intents = useIntentStyles();
  const Icon = intent === 'error' ? DiamondDismissFilled : CheckmarkCircleFilled;
  return (
    <div ref={ref} {...rest} className={mergeClasses('fui-MessageBar', root, intents[intent], className)}>
      <div className={mergeClasses(icon, intent === 'error' ? intents.errorIcon : intents.successIcon)}>
        <Icon aria-hidden />
      </div>
      <div className={body}>{children}</div>
    </div>
  );
});
