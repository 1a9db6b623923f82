import { useGetFeeTerms } from '@/api/generated/billing/billing';
import { feeTermsBeforeLoad, legalConstants } from '@/config/legal';
import { language } from '@/i18n/language';
import { termsOfServiceTextEn } from '@/i18n/legal-en';
import { termsOfServiceText } from '@/i18n/legal-zh-HK';
import { LegalDocument } from '../components/LegalDocument';

/**
 * /terms, in the page's language (the Chinese prevails, as both versions say). The service fee's
 * section states the server's figures; until they arrive (and in the prerendered first screen,
 * drawn without the server) it states the defaults.
 */
export function TermsPage() {
  const fees = useGetFeeTerms();
  const text = language() === 'en' ? termsOfServiceTextEn : termsOfServiceText;
  return <LegalDocument document={text(legalConstants, fees.data ?? feeTermsBeforeLoad)} />;
}
