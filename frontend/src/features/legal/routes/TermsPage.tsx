import { useGetFeeTerms } from '@/api/generated/billing/billing';
import { feeTermsBeforeLoad, legalConstants } from '@/config/legal';
import { termsOfServiceText } from '@/i18n/legal-zh-HK';
import { LegalDocument } from '../components/LegalDocument';

/**
 * /terms. The service fee's section states the server's figures; until they arrive (and in the
 * prerendered first screen, drawn without the server) it states the defaults.
 */
export function TermsPage() {
  const fees = useGetFeeTerms();
  return <LegalDocument document={termsOfServiceText(legalConstants, fees.data ?? feeTermsBeforeLoad)} />;
}
