import { legalConstants } from '@/config/legal';
import { privacyPolicyText } from '@/i18n/legal-zh-HK';
import { LegalDocument } from '../components/LegalDocument';

export function PrivacyPage() {
  return <LegalDocument document={privacyPolicyText(legalConstants)} />;
}
