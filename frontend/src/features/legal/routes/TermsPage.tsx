import { legalConstants } from '@/config/legal';
import { termsOfServiceText } from '@/i18n/legal-zh-HK';
import { LegalDocument } from '../components/LegalDocument';

export function TermsPage() {
  return <LegalDocument document={termsOfServiceText(legalConstants)} />;
}
